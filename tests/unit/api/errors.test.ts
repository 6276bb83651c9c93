import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadEventQueueIdError,
  BadRequestError,
  InvitationFailedError,
  RateLimitHitError,
  ReactionDoesNotExistError,
  RequestVariableMissingError,
  StreamDoesNotExistError,
  UnauthorizedPrincipalError,
  apiErrorFor,
} from '../../../src/api/errors.ts';

const envelope = (code: string | undefined, extra: Record<string, unknown> = {}) => ({
  result: 'error',
  msg: 'Something went wrong',
  ...(code === undefined ? {} : { code }),
  ...extra,
});

describe('apiErrorFor', () => {
  it('gives each code of spec section 7 its own class with code, status and msg', () => {
    const error = apiErrorFor(
      'DELETE /users/me/subscriptions',
      400,
      envelope('STREAM_DOES_NOT_EXIST', { stream: 'nope' }),
    );
    expect(error).toBeInstanceOf(StreamDoesNotExistError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('STREAM_DOES_NOT_EXIST');
    expect(error.status).toBe(400);
    expect(error.msg).toBe('Something went wrong');
    expect((error as StreamDoesNotExistError).stream).toBe('nope');
    expect(error.message).toContain('DELETE /users/me/subscriptions');
  });

  it('exposes var_name of REQUEST_VARIABLE_MISSING', () => {
    const error = apiErrorFor(
      'POST /users',
      400,
      envelope('REQUEST_VARIABLE_MISSING', { var_name: 'email' }),
    );
    expect(error).toBeInstanceOf(RequestVariableMissingError);
    expect((error as RequestVariableMissingError).varName).toBe('email');
  });

  it('splits the comma-separated parameters of BAD_REQUEST', () => {
    const error = apiErrorFor(
      'GET /messages',
      400,
      envelope('BAD_REQUEST', { parameters: 'message_ids, anchor' }),
    );
    expect((error as BadRequestError).parameters).toEqual(['message_ids', 'anchor']);
  });

  it('reads a fractional retry-after of RATE_LIMIT_HIT', () => {
    const error = apiErrorFor(
      'GET /messages',
      429,
      envelope('RATE_LIMIT_HIT', { 'retry-after': 0.25 }),
    );
    expect(error).toBeInstanceOf(RateLimitHitError);
    expect((error as RateLimitHitError).retryAfter).toBe(0.25);
  });

  it('reads the INVITATION_FAILED details and skips malformed triples', () => {
    const error = apiErrorFor(
      'POST /invites',
      400,
      envelope('INVITATION_FAILED', {
        daily_limit_reached: false,
        license_limit_reached: true,
        sent_invitations: true,
        errors: [['a@x.test', 'Already has an account.', false], 'junk', [1, 2, 3]],
      }),
    ) as InvitationFailedError;
    expect(error).toBeInstanceOf(InvitationFailedError);
    expect(error.licenseLimitReached).toBe(true);
    expect(error.dailyLimitReached).toBe(false);
    expect(error.sentInvitations).toBe(true);
    expect(error.errors).toEqual([
      { email: 'a@x.test', reason: 'Already has an account.', flag: false },
    ]);
  });

  it('gives BAD_EVENT_QUEUE_ID the queue id', () => {
    const error = apiErrorFor(
      'GET /events',
      400,
      envelope('BAD_EVENT_QUEUE_ID', { queue_id: 'q-1' }),
    );
    expect(error).toBeInstanceOf(BadEventQueueIdError);
    expect((error as BadEventQueueIdError).queueId).toBe('q-1');
  });

  it('treats an error without a code as BAD_REQUEST and an unknown code as a plain ApiError', () => {
    expect(apiErrorFor('GET /x', 400, envelope(undefined))).toBeInstanceOf(BadRequestError);
    const future = apiErrorFor('GET /x', 400, envelope('SOMETHING_NEW'));
    expect(future.constructor).toBe(ApiError);
    expect(future.code).toBe('SOMETHING_NEW');
  });
});

describe('ApiError.withCode', () => {
  it('presents an older code as today’s and remembers what the server sent', () => {
    const old = apiErrorFor(
      'DELETE /users/me/subscriptions',
      403,
      envelope('UNAUTHORIZED_PRINCIPAL'),
    );
    expect(old).toBeInstanceOf(UnauthorizedPrincipalError);
    const mapped = old.withCode('BAD_REQUEST');
    expect(mapped).toBeInstanceOf(BadRequestError);
    expect(mapped.code).toBe('BAD_REQUEST');
    expect(mapped.legacyCode).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(mapped.status).toBe(403);

    const reaction = apiErrorFor(
      'DELETE /messages/{message_id}/reactions',
      400,
      envelope('BAD_REQUEST'),
    );
    expect(reaction.withCode('REACTION_DOES_NOT_EXIST')).toBeInstanceOf(ReactionDoesNotExistError);
  });
});

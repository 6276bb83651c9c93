import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../../src/api/decode.ts';
import {
  BadRequestError,
  MalformedResponseError,
  RealmDeactivatedError,
  ServerError,
} from '../../../src/api/errors.ts';
import { getMessagesResponse } from '../../../src/api/schemas/message.ts';
import { getUsersResponse } from '../../../src/api/schemas/user.ts';
import { message, samples, user } from './samples.ts';

const text = (value: unknown) => JSON.stringify(value);

describe('decodeResponse', () => {
  it('accepts every sample body with its schema', () => {
    for (const sample of samples) {
      expect(() =>
        decodeResponse(sample.endpoint, 200, text(sample.body), sample.schema),
      ).not.toThrow();
    }
  });

  it('returns the validated fields with an empty warning list by default', () => {
    const result = decodeResponse(
      'GET /users',
      200,
      text({ result: 'success', msg: '', members: [user] }),
      getUsersResponse,
    );
    expect(result.data.members[0]?.full_name).toBe('Iago');
    expect(result.ignoredParameters).toEqual([]);
  });

  it('hands ignored_parameters_unsupported to the caller as warnings', () => {
    const body = {
      result: 'success',
      msg: '',
      members: [],
      ignored_parameters_unsupported: ['frobnicate'],
    };
    expect(
      decodeResponse('GET /users', 200, text(body), getUsersResponse).ignoredParameters,
    ).toEqual(['frobnicate']);
  });

  it('keeps unknown extra fields instead of failing on them', () => {
    const body = {
      result: 'success',
      msg: '',
      members: [{ ...user, pronouns_v2: 'x' }],
      future: 1,
    };
    const result = decodeResponse('GET /users', 200, text(body), getUsersResponse);
    expect(result.data.members[0]?.['pronouns_v2']).toBe('x');
  });

  it('names the endpoint and the field path of a missing required field', () => {
    const broken = { ...message, sender_id: undefined };
    const body = { result: 'success', msg: '', messages: [message, broken] };
    const error = (() => {
      try {
        decodeResponse('GET /messages', 200, text(body), getMessagesResponse);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).path).toBe('messages.1.sender_id');
    expect((error as MalformedResponseError).message).toContain('GET /messages');
    expect((error as MalformedResponseError).message).toContain('messages.1.sender_id');
  });

  it('names the field path of a mistyped field', () => {
    const body = { result: 'success', msg: '', messages: [{ ...message, timestamp: 'yesterday' }] };
    expect(() => decodeResponse('GET /messages', 200, text(body), getMessagesResponse)).toThrow(
      expect.objectContaining({ path: 'messages.0.timestamp' }),
    );
  });

  it('turns an error envelope into the ApiError subclass of its code', () => {
    const body = { result: 'error', msg: 'Bad', code: 'BAD_REQUEST', parameters: 'a,b' };
    expect(() => decodeResponse('GET /messages', 400, text(body), getMessagesResponse)).toThrow(
      BadRequestError,
    );
    const realm = { result: 'error', msg: 'Gone', code: 'REALM_DEACTIVATED' };
    expect(() => decodeResponse('GET /users', 401, text(realm), getUsersResponse)).toThrow(
      RealmDeactivatedError,
    );
  });

  it('reports a non-JSON body or a 5xx without an envelope as ServerError', () => {
    expect(() =>
      decodeResponse('GET /users', 502, '<html>Bad Gateway</html>', getUsersResponse),
    ).toThrow(ServerError);
    expect(() => decodeResponse('GET /users', 500, text({ oops: true }), getUsersResponse)).toThrow(
      ServerError,
    );
    expect(() => decodeResponse('GET /users', 200, '{"result":"succ', getUsersResponse)).toThrow(
      ServerError,
    );
  });

  it('rejects a 200 whose result is neither success nor error', () => {
    expect(() =>
      decodeResponse('GET /users', 200, text({ result: 'maybe', members: [] }), getUsersResponse),
    ).toThrow(expect.objectContaining({ path: 'result' }));
  });
});

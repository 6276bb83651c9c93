import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../../src/contract/errors.ts';
import {
  explainError,
  explainText,
} from '../../../../src/renderer/views/admin/rules/error-sentences.ts';

const api = (apiCode: string, message: string, details?: Record<string, unknown>) =>
  new RpcError({ code: 'FAILED', message, apiCode, ...(details ? { details } : {}) });

describe('errors as sentences', () => {
  it('explains every code of spec section 7 in words, without the code, with a details line', () => {
    for (const code of [
      'INVALID_API_KEY',
      'REQUEST_VARIABLE_MISSING',
      'BAD_REQUEST',
      'USER_DEACTIVATED',
      'REALM_DEACTIVATED',
      'RATE_LIMIT_HIT',
      'UNAUTHORIZED_PRINCIPAL',
      'INVITATION_FAILED',
      'STREAM_DOES_NOT_EXIST',
      'REACTION_DOES_NOT_EXIST',
      'NO_ACTIVE_PUSH_DEVICE',
      'ADMIN_ACTION_REQUIRED',
      'FAILED_TO_CONNECT_BOUNCER',
      'INTERNAL_SERVER_ERROR_ON_BOUNCER',
    ]) {
      const e = explainError(api(code, 'raw words'));
      expect(e.sentence, code).not.toContain(code);
      expect(e.sentence, code).toMatch(/^[A-Z].*\.$/);
      expect(e.details, code).toBe(`${code} · raw words`);
    }
  });

  it('uses the extra fields in the sentence and lists them in the details', () => {
    const e = explainError(
      api('RATE_LIMIT_HIT', 'API usage exceeded rate limit', { 'retry-after': 2.5 }),
    );
    expect(e.sentence).toContain('Wait 3 seconds');
    expect(e.details).toBe('RATE_LIMIT_HIT · API usage exceeded rate limit · retry-after: 2.5');
    expect(
      explainError(api('STREAM_DOES_NOT_EXIST', "Channel 'x' does not exist", { stream: 'x' }))
        .sentence,
    ).toContain('named “x”');
    expect(
      explainError(api('BAD_REQUEST', 'Incompatible', { parameters: 'anchor,message_ids' }))
        .sentence,
    ).toContain('anchor, message_ids');
  });

  it('quotes the server’s reason for a general refusal', () => {
    expect(
      explainError(api('BAD_REQUEST', 'Deletion delay must be at least 60 days.')).sentence,
    ).toBe(
      'The server did not accept this: “Deletion delay must be at least 60 days”. Check the values and try again.',
    );
  });

  it('says what a network failure means, keeping the raw text for details', () => {
    const raw = 'POST /realm/deactivate: network refused: connect ECONNREFUSED 127.0.0.1:9';
    const e = explainError(new RpcError({ code: 'FAILED', message: raw }));
    expect(e.sentence).toMatch(/refused the connection/);
    expect(e.details).toBe(raw);
    expect(
      explainError(new RpcError({ code: 'DISCONNECTED', message: 'closed' })).sentence,
    ).toMatch(/lost its connection/);
  });

  it('keeps the Core’s own sentences as they are', () => {
    const said = 'This server is too old for saved snippets; it needs Zulip 10.0 or later.';
    expect(explainError(new RpcError({ code: 'FAILED', message: said }))).toEqual({
      sentence: said,
      details: undefined,
    });
  });

  it('says a connection failure passed on as text (a stale list, a queue) in words', () => {
    const raw = 'GET /events: network refused: connect ECONNREFUSED 127.0.0.1:9';
    const said = explainText(raw);
    expect(said?.sentence).toMatch(/^The server refused the connection/);
    expect(said?.sentence).not.toMatch(/ECONNREFUSED|GET \/events/);
    expect(said?.details).toBe(raw);
    expect(explainText('This channel is not known yet.')).toBeUndefined();
  });
});

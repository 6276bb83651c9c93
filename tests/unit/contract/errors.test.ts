/**
 * A call's answer as a window reads it (src/contract/errors.ts): the Core's answers come
 * through whole, and one the window cannot read fails the call in words, never half-read.
 */
import { describe, expect, it } from 'vitest';
import {
  parseRpcResponse,
  RpcError,
  UNREADABLE_ANSWER,
  type RpcResponse,
} from '../../../src/contract/errors.ts';
import { dispatch, type HandlerTable } from '../../../src/core/rpc/dispatch.ts';

function refusal(value: unknown): RpcError {
  try {
    parseRpcResponse(value);
  } catch (err) {
    return err as RpcError;
  }
  throw new Error(`read as an answer: ${JSON.stringify(value)}`);
}

describe("a call's answer", () => {
  it('comes through as the Core made it, results and errors with every field', async () => {
    const handlers = {
      'inbox.get': () => Promise.resolve({ accounts: [] }),
      'app.info': () =>
        Promise.reject(
          new RpcError({
            code: 'FAILED',
            message: 'The server refused: the topic is too long.',
            apiCode: 'BAD_REQUEST',
            details: { var_name: 'topic' },
          }),
        ),
    } as unknown as HandlerTable;
    const answers: RpcResponse[] = [
      await dispatch(handlers, 'inbox.get', {}),
      await dispatch(handlers, 'app.info', {}),
      await dispatch(handlers, 'no.such.channel', {}),
      await dispatch(handlers, 'messages.fetch', { accountId: 7 }),
    ];
    for (const answer of answers) {
      // As the transports carry it: JSON over the WebSocket, a structured clone over IPC.
      expect(parseRpcResponse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
    }
    expect(answers.map((a) => (a.ok ? 'ok' : a.error.code))).toEqual([
      'ok',
      'FAILED',
      'UNKNOWN_CHANNEL',
      'INVALID_ARGS',
    ]);
    const invalid = answers[3]!;
    expect(!invalid.ok && invalid.error.issues?.length).toBeGreaterThan(0);
  });

  it('that the window cannot read fails the call with a sentence', () => {
    for (const bad of [
      null,
      'ok',
      [],
      {},
      { ok: true },
      { ok: 'yes', result: 1 },
      { ok: false },
      { ok: false, error: { code: 'FAILED' } },
      { ok: false, error: { code: 'NOT_A_CODE', message: 'm' } },
      { ok: false, error: { code: 'FAILED', message: 'm', issues: [{ path: 1 }] } },
      { ok: false, error: { code: 'FAILED', message: 'm', apiCode: 5 } },
      { ok: false, error: { code: 'FAILED', message: 'm', details: ['x'] } },
    ]) {
      const err = refusal(bad);
      expect(err).toBeInstanceOf(RpcError);
      expect(err.code).toBe('FAILED');
      expect(err.message).toBe(UNREADABLE_ANSWER);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { dispatch, type HandlerTable } from '../../../../src/core/rpc/dispatch.ts';

/** An Inbox row the contract refuses (a negative count), as only a bug could build it. */
const inbox = {
  accounts: [
    {
      accountId: 'ada@https://chat.example.org',
      connection: 'live',
      stale: false,
      channels: [],
      dms: [{ userIds: [1], names: ['Ada'], unread: -1, mentions: 0, newestId: 9 }],
      pending: [],
    },
  ],
};

const handlers = {
  'inbox.get': async () => inbox,
  'messages.videoCall': async () => ({ url: 'javascript:alert(1)' }),
} as unknown as HandlerTable;

describe('results a shipped host trusts', () => {
  it('hands the Inbox over as the Core built it, without checking every row', async () => {
    const r = await dispatch(handlers, 'inbox.get', {}, { trustResults: true });
    expect(r).toEqual({ ok: true, result: inbox });
  });

  it('still checks the Inbox when the host asks for every result checked, as tests do', async () => {
    const r = await dispatch(handlers, 'inbox.get', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'FAILED' } });
  });

  it('still refuses arguments the contract does not name', async () => {
    const r = await dispatch(handlers, 'inbox.get', { all: true }, { trustResults: true });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_ARGS' } });
  });

  it('still checks what a server sent, like a video call link', async () => {
    const r = await dispatch(
      handlers,
      'messages.videoCall',
      { accountId: 'ada@https://chat.example.org' },
      { trustResults: true },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'FAILED' } });
  });
});

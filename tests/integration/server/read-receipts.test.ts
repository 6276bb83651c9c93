/**
 * Upstream's GET /messages/{message_id}/read_receipts and POST /mark_all_as_read (openapi at
 * FL 420, get-read-receipts and mark-all-as-read), over HTTP.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok } from './messaging-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(async () => {
  await server.close();
});

async function send(content = 'hello', from = 'owner'): Promise<number> {
  const r = await ok(server, byEmail(server, from), 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic: 'receipts',
    content,
  });
  return r.id as number;
}

const read = (local: string, id: number) =>
  ok(server, byEmail(server, local), 'POST', '/messages/flags', {
    messages: [id],
    op: 'add',
    flag: 'read',
  });

describe('GET /messages/{message_id}/read_receipts', () => {
  it('lists who read it, the requester included, never the sender', async () => {
    const id = await send();
    await read('admin', id);
    await read('member', id);
    const r = await ok(server, byEmail(server, 'member'), 'GET', `/messages/${id}/read_receipts`);
    expect(r.user_ids).toEqual(
      [byEmail(server, 'admin').user_id, byEmail(server, 'member').user_id].sort((a, b) => a - b),
    );
    // The sender has it read from the start, and is still not listed.
    expect(r.user_ids).not.toContain(byEmail(server, 'owner').user_id);
  });

  it('leaves out whoever turned send_read_receipts off', async () => {
    const id = await send();
    await ok(server, byEmail(server, 'member2'), 'PATCH', '/settings', {
      send_read_receipts: false,
    });
    await read('member2', id);
    await read('admin', id);
    const r = await ok(server, byEmail(server, 'owner'), 'GET', `/messages/${id}/read_receipts`);
    expect(r.user_ids).toEqual([byEmail(server, 'admin').user_id]);
  });

  it('refuses a message the requester cannot read', async () => {
    const r = await call(
      server,
      byEmail(server, 'member'),
      'GET',
      '/messages/999999/read_receipts',
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', msg: 'Invalid message(s)' });
  });
});

describe('POST /mark_all_as_read', () => {
  it('marks every unread message read and says it is complete', async () => {
    await send('one');
    await send('two');
    const member = byEmail(server, 'member');
    const r = await ok(server, member, 'POST', '/mark_all_as_read');
    expect(r.complete).toBe(true);
    const left = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [['is', 'unread']],
    });
    expect(left.messages).toEqual([]);
  });
});

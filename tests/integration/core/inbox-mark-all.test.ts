/**
 * "Mark all as read" through the Core over real HTTP: every unread message of the
 * organization is read on the server, up to the newest one the Inbox showed, and the
 * Inbox follows the server's events to empty.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type { InboxAccountWire } from '../../../src/contract/schemas/inbox.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok } from '../server/messaging-client.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

let server: StartedServer;
let core: Core;

beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'perch-mark-all-')),
    version: 't',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
});
afterEach(async () => {
  await core.close();
  await server.close();
});

async function call<R>(channel: string, args: unknown = {}): Promise<R> {
  const response = await core.invoke(channel, args);
  if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
  return response.result as R;
}

async function inbox(accountId: string): Promise<InboxAccountWire> {
  const { accounts } = await call<{ accounts: InboxAccountWire[] }>('inbox.get');
  return accounts.find((a) => a.accountId === accountId)!;
}

const post = (topic: string, content = 'hello') =>
  ok(server, byEmail(server, 'owner'), 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic,
    content,
  });

async function unreadIds(): Promise<number[]> {
  const r = await ok(server, byEmail(server, 'member'), 'GET', '/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [['is', 'unread']],
  });
  return (r.messages as { id: number }[]).map((m) => m.id);
}

it('marks every unread message of the organization read, and the Inbox empties', async () => {
  await post('one');
  await post('two');
  await ok(server, byEmail(server, 'owner'), 'POST', '/messages', {
    type: 'direct',
    to: JSON.stringify([byEmail(server, 'member').user_id]),
    content: 'psst',
  });
  const member = byEmail(server, 'member');
  const { id } = await call<{ id: string }>('accounts.signInWithKey', {
    serverUrl: server.url,
    email: member.email,
    apiKey: member.api_key,
    allowInsecure: true,
  });
  await expect.poll(async () => (await inbox(id)).dms.length, { timeout: 10_000 }).toBe(1);
  expect((await unreadIds()).length).toBeGreaterThanOrEqual(3);

  await call('inbox.markAllRead', { accountId: id });
  expect(await unreadIds()).toEqual([]);
  await expect
    .poll(async () => {
      const a = await inbox(id);
      return a.channels.length + a.dms.length;
    })
    .toBe(0);
});

it('refuses an account that is not signed in, in words', async () => {
  const response = await core.invoke('inbox.markAllRead', { accountId: 'nobody' });
  if (response.ok) throw new Error('marked an account that is not there');
  expect(response.error.message).toBe('That account is not signed in.');
});

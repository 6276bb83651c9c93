/**
 * Issue 25 point 1: the message window's sidebar comes from what the Core already holds. Its
 * first showing fetches subscriptions, folders and recent conversations; after that incoming
 * messages reach it through events alone (no request besides the long-poll), while a change
 * the kept lists cannot follow (a new subscription) makes the next sidebar fetch afresh.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import type { InboxAccountWire } from '../../../../src/core/rpc/schemas/inbox.ts';
import type { Sidebar } from '../../../../src/core/rpc/schemas/messages.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { Gate } from '../sync/harness.ts';
import { MemorySecrets } from '../sync/memory-secrets.ts';

let server: StartedServer;
let gate: Gate;
let core: Core;

beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  gate = await Gate.open(server.url);
  core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'perch-sidebar-')),
    version: 't',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
});
afterEach(async () => {
  await core.close();
  await gate.close();
  await server.close();
});

async function call<R>(channel: string, args: unknown = {}): Promise<R> {
  const response = await core.invoke(channel, args);
  if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
  return response.result as R;
}

async function signIn(user: ServerUser): Promise<string> {
  const { id } = await call<{ id: string }>('accounts.signInWithKey', {
    serverUrl: gate.url,
    email: user.email,
    apiKey: user.api_key,
    allowInsecure: true,
  });
  await expect
    .poll(async () => {
      const { accounts } = await call<{ accounts: InboxAccountWire[] }>('inbox.get');
      return accounts.find((a) => a.accountId === id)?.connection;
    })
    .toBe('live');
  return id;
}

const sidebar = (accountId: string) => call<Sidebar>('messages.sidebar', { accountId });
/** Every request but the long-poll's since `from`. */
const requestsSince = (from: number) =>
  gate.seen.slice(from).filter((r) => r !== 'GET /api/v1/events');

describe('the sidebar kept by the Core', () => {
  it('follows incoming messages without a request, and fetches again after a new subscription', async () => {
    const member = byEmail(server, 'member');
    const owner = byEmail(server, 'owner');
    const accountId = await signIn(member);
    const first = await sidebar(accountId);
    expect(first.channels.map((c) => c.name)).toContain('general');

    const mark = gate.seen.length;
    for (let i = 0; i < 5; i++) await send(server, owner, 'general', `news ${i}`, 'fresh news');
    await send(server, owner, [member.user_id], 'psst');
    // Waits for what the sidebar shows once every event is in, asking it again and again.
    await expect
      .poll(async () => {
        const s = await sidebar(accountId);
        return [s.channels.find((c) => c.name === 'general')?.topics[0], s.conversations[0]];
      })
      .toMatchObject([
        { name: 'fresh news', unread: 5 },
        { names: [owner.full_name], unread: 1 },
      ]);
    expect(requestsSince(mark)).toEqual([]);

    // Joining a channel elsewhere: the kept subscriptions cannot say so, a fetch can.
    const joined = `joined ${Date.now()}`;
    await ok(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: JSON.stringify([{ name: joined }]),
    });
    await expect
      .poll(async () => (await sidebar(accountId)).channels.map((c) => c.name))
      .toContain(joined);
    expect(requestsSince(mark)).toContain('GET /api/v1/users/me/subscriptions');
  });
});

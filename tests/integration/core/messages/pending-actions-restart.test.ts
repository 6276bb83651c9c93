/**
 * An action whose answer was lost and that nobody could read back before Perch quit is kept,
 * sealed with the drafts, and read back and settled after Perch starts again.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { InboxAccountWire } from '../../../../src/contract/schemas/inbox.ts';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';
import { Gate } from '../sync/harness.ts';

let server: StartedServer;
let gate: Gate;
let dataDir: string;
let secrets: TestKeychain;
const open: Core[] = [];

beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  gate = await Gate.open(server.url);
  dataDir = await mkdtemp(join(tmpdir(), 'perch-pending-'));
  secrets = new TestKeychain();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await gate.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ core: Core; settled: unknown[] }> {
  const core = await createCore({ dataDir, version: 't', transport: 'web', secrets });
  open.push(core);
  const settled: unknown[] = [];
  core.subscribe((topic, payload) => {
    if (topic === 'actions.settled') settled.push(payload);
  });
  return { core, settled };
}

async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
  const response = await core.invoke(channel, args);
  if (!response.ok) throw new Error(response.error.message);
  return response.result as R;
}

async function live(core: Core, accountId: string): Promise<void> {
  await expect
    .poll(async () => {
      const { accounts } = await call<{ accounts: InboxAccountWire[] }>(core, 'inbox.get', {});
      return accounts.find((a) => a.accountId === accountId)?.connection;
    })
    .toBe('live');
}

it('a star nobody could read back before quitting is read back and settled after a restart', async () => {
  const member = byEmail(server, 'member');
  const first = await start();
  const { id: accountId } = await call<{ id: string }>(first.core, 'accounts.signInWithKey', {
    serverUrl: gate.url,
    email: member.email,
    apiKey: member.api_key,
    allowInsecure: true,
  });
  await live(first.core, accountId);
  const messageId = await send(server, member, 'general', 'star me across a restart', 'faults');

  // The server takes the star, its answer is lost, and reading it back cannot reach it.
  gate.cutAnswer = (seen) => seen === 'POST /api/v1/messages/flags';
  gate.drop = (seen) => seen === `GET /api/v1/messages/${messageId}`;
  const r = await first.core.invoke('messages.star', { accountId, messageId, starred: true });
  expect(r.ok).toBe(false);
  open.splice(open.indexOf(first.core), 1);
  await first.core.close();
  expect(first.settled).toEqual([]);
  // Kept sealed: the file says nothing of the message in plain text.
  const dir = join(dataDir, 'drafts');
  const files = await Promise.all((await readdir(dir)).map((n) => readFile(join(dir, n))));
  expect(files.map((f) => f.toString('latin1')).join('')).not.toContain('messages.star');

  gate.cutAnswer = undefined;
  gate.drop = undefined;
  const second = await start();
  await expect.poll(() => second.settled).toHaveLength(1);
  expect(second.settled[0]).toMatchObject({ messageId, applied: true, told: false });
  const held = await ok(server, member, 'GET', `/messages/${messageId}`, {});
  expect((held.message as { flags: string[] }).flags).toContain('starred');
});

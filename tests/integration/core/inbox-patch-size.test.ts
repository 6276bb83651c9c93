/**
 * A new message costs the page the same few bytes whatever the length of its lists. One
 * organization holds 100, then 5 000 topics with an unread message each; one more message
 * arrives over the event queue, and what the Core pushes for the Inbox and for Recent (shown)
 * is measured as the JSON that crosses the bridge.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type {
  InboxAccountWire,
  InboxPatchWire,
  RecentPatchWire,
} from '../../../src/contract/schemas/inbox.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok, seedTopics } from '../server/messaging-client.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

const opened: { core: Core; server: StartedServer }[] = [];
afterEach(async () => {
  for (const { core, server } of opened.splice(0)) {
    await core.close();
    await server.close();
  }
});

/** Bytes pushed to the page for one incoming message, with `topics` unread topics listed. */
async function bytesForOneMessage(topics: number): Promise<{ inbox: number; recent: number }> {
  const server = await startServer({ rateLimit: false });
  const core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'perch-patch-')),
    version: 't',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
  opened.push({ core, server });
  const owner = byEmail(server, 'owner');
  const member = byEmail(server, 'member');
  seedTopics(server, owner, member, 'general', topics);
  const call = async <R>(channel: string, args: unknown = {}): Promise<R> => {
    const r = await core.invoke(channel, args);
    if (!r.ok) throw new Error(r.error.message);
    return r.result as R;
  };
  const { id } = await call<{ id: string }>('accounts.signInWithKey', {
    serverUrl: server.url,
    email: member.email,
    apiKey: member.api_key,
    allowInsecure: true,
  });
  const inbox = async () =>
    (await call<{ accounts: InboxAccountWire[] }>('inbox.get')).accounts.find(
      (a) => a.accountId === id,
    );
  await expect
    .poll(async () => (await inbox())?.channels[0]?.topics.length, { timeout: 30_000 })
    .toBe(topics);
  await call('recent.get');

  const pushed: { topic: string; payload: unknown }[] = [];
  const off = core.subscribe((topic, payload) => pushed.push({ topic, payload }));
  await ok(server, owner, 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic: 'the new one',
    content: 'hello',
  });
  const arrived = (topic: string) =>
    pushed.some(
      (p) =>
        p.topic === topic &&
        JSON.stringify((p.payload as InboxPatchWire | RecentPatchWire).upsert).includes(
          'the new one',
        ),
    );
  await expect.poll(() => arrived('inbox.patch') && arrived('recent.patch')).toBe(true);
  off();
  const bytes = (topic: string) =>
    pushed
      .filter((p) => p.topic === topic)
      .reduce((n, p) => n + Buffer.byteLength(JSON.stringify(p.payload)), 0);
  return { inbox: bytes('inbox.patch'), recent: bytes('recent.patch') };
}

describe('pushes per incoming message', () => {
  it('carry the same bytes for 100 and for 5 000 listed conversations', async () => {
    const small = await bytesForOneMessage(100);
    const large = await bytesForOneMessage(5000);
    // A full Inbox of 5 000 topics is hundreds of kilobytes; one changed row is well under 2.
    expect(large.inbox).toBeLessThan(2000);
    expect(large.recent).toBeLessThan(2000);
    // The few bytes of difference are longer ids and counts, not more rows.
    expect(large.inbox).toBeLessThan(small.inbox + 100);
    expect(large.recent).toBeLessThan(small.recent + 100);
  }, 120_000);
});

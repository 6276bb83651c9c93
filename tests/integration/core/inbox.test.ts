/**
 * The Inbox and Recent conversations through the Core over real HTTP, with two organizations:
 * the unified Inbox and Recent list both, follow their event queues, every row action reaches
 * the server, and an organization out of reach stays listed with its mark-reads queued.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type {
  InboxAccountWire,
  InboxPatchWire,
  RecentAccountWire,
  RecentPatchWire,
} from '../../../src/contract/schemas/inbox.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok } from '../server/messaging-client.ts';
import { Gate } from './sync/harness.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

let north: StartedServer;
let south: StartedServer;
let gate: Gate;
let core: Core;
let pushed: { topic: string; payload: unknown }[];
/** Ends the test's own listener, which takes every topic as a window that never said its own. */
let stopListening: () => void;

beforeEach(async () => {
  [north, south] = await Promise.all([
    startServer({ rateLimit: false }),
    startServer({ rateLimit: false }),
  ]);
  gate = await Gate.open(south.url);
  core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'perch-inbox-')),
    version: 't',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
  pushed = [];
  stopListening = core.subscribe((topic, payload) => pushed.push({ topic, payload }));
});
afterEach(async () => {
  await core.close();
  await gate.close();
  await Promise.all([north.close(), south.close()]);
});

async function call<R>(channel: string, args: unknown = {}): Promise<R> {
  const response = await core.invoke(channel, args);
  if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
  return response.result as R;
}

async function signIn(url: string, user: ServerUser): Promise<string> {
  const { id } = await call<{ id: string }>('accounts.signInWithKey', {
    serverUrl: url,
    email: user.email,
    apiKey: user.api_key,
    allowInsecure: true,
  });
  await expect.poll(async () => (await inbox(id)).connection, { timeout: 10_000 }).toBe('live');
  return id;
}

async function inbox(accountId: string): Promise<InboxAccountWire> {
  const { accounts } = await call<{ accounts: InboxAccountWire[] }>('inbox.get');
  return accounts.find((a) => a.accountId === accountId)!;
}

async function topicRow(accountId: string, channel: string, topic: string) {
  const a = await inbox(accountId);
  return a.channels.find((c) => c.name === channel)?.topics.find((t) => t.name === topic);
}

async function post(server: StartedServer, topic: string, content = 'hello') {
  const r = await ok(server, byEmail(server, 'owner'), 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic,
    content,
  });
  return r.id as number;
}

async function serverUnread(server: StartedServer, topic: string): Promise<number[]> {
  const r = await ok(server, byEmail(server, 'member'), 'GET', '/messages', {
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [
      ['channel', 'general'],
      ['topic', topic],
      ['is', 'unread'],
    ],
  });
  return (r.messages as { id: number }[]).map((m) => m.id);
}

async function generalId(server: StartedServer): Promise<number> {
  const r = await ok(server, byEmail(server, 'member'), 'GET', '/users/me/subscriptions');
  const subs = r.subscriptions as { name: string; stream_id: number; is_muted: boolean }[];
  return subs.find((s) => s.name === 'general')!.stream_id;
}

describe('the unified Inbox', () => {
  it('lists both organizations and pushes a new message to the right one', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    const b = await signIn(gate.url, byEmail(south, 'member'));
    const id = await post(south, 'inbox live');
    await expect.poll(() => topicRow(b, 'general', 'inbox live')).toMatchObject({ unread: 1 });
    expect(await topicRow(a, 'general', 'inbox live')).toBeUndefined();
    const pushes = pushed.filter((p) => p.topic === 'inbox.patch');
    expect(pushes.map((p) => (p.payload as InboxPatchWire).accountId)).toContain(b);
    expect((await topicRow(b, 'general', 'inbox live'))?.newestId).toBe(id);
  });

  it('marks a topic read on its server, and its row leaves the Inbox', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    await post(north, 'to read');
    await expect.poll(() => topicRow(a, 'general', 'to read')).toMatchObject({ unread: 1 });
    const streamId = await generalId(north);
    const r = await call('inbox.markRead', {
      accountId: a,
      target: { kind: 'topic', streamId, topic: 'to read' },
    });
    expect(r).toEqual({ queued: false });
    expect(await serverUnread(north, 'to read')).toEqual([]);
    await expect.poll(() => topicRow(a, 'general', 'to read')).toBeUndefined();
  });

  it('mutes and follows a topic and mutes the channel, as the server then says', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    await post(north, 'policies');
    const streamId = await generalId(north);
    await expect.poll(() => topicRow(a, 'general', 'policies')).toMatchObject({ policy: 0 });
    await call('inbox.setTopicPolicy', { accountId: a, streamId, topic: 'policies', policy: 1 });
    await expect
      .poll(() => topicRow(a, 'general', 'policies'))
      .toMatchObject({ policy: 1, muted: true });
    const member = byEmail(north, 'member');
    expect(north.state.userTopic(member.user_id, streamId, 'policies')?.visibility_policy).toBe(1);
    await call('inbox.setTopicPolicy', { accountId: a, streamId, topic: 'policies', policy: 3 });
    await expect
      .poll(() => topicRow(a, 'general', 'policies'))
      .toMatchObject({ policy: 3, muted: false });
    await call('inbox.muteChannel', { accountId: a, streamId, muted: true });
    await expect
      .poll(async () => (await inbox(a)).channels.find((c) => c.name === 'general')?.muted)
      .toBe(true);
    expect(north.state.subscription(member.user_id, streamId)?.is_muted).toBe(true);
  });
});

describe('an organization out of reach', () => {
  it('stays listed as stale, queues a mark-read and sends it when back', async () => {
    const b = await signIn(gate.url, byEmail(south, 'member'));
    const id = await post(south, 'offline');
    await expect.poll(() => topicRow(b, 'general', 'offline')).toMatchObject({ unread: 1 });
    gate.cut();
    await expect
      .poll(async () => (await inbox(b)).connection, { timeout: 15_000 })
      .toBe('unreachable');
    const stale = await inbox(b);
    expect(stale.stale).toBe(true);
    expect(stale.channels.find((c) => c.name === 'general')?.topics.map((t) => t.name)).toContain(
      'offline',
    );
    const streamId = await generalId(south);
    const r = await call('inbox.markRead', {
      accountId: b,
      target: { kind: 'topic', streamId, topic: 'offline' },
    });
    expect(r).toEqual({ queued: true });
    expect((await inbox(b)).pending).toMatchObject([
      { state: 'queued', label: '#general > offline' },
    ]);
    // Still unread on the server, so still shown unread.
    expect(await serverUnread(south, 'offline')).toEqual([id]);
    expect(await topicRow(b, 'general', 'offline')).toMatchObject({ unread: 1 });
    gate.resume();
    await call('sync.reconnect');
    await expect.poll(() => serverUnread(south, 'offline'), { timeout: 15_000 }).toEqual([]);
    await expect.poll(async () => (await inbox(b)).pending).toEqual([]);
    await expect.poll(() => topicRow(b, 'general', 'offline')).toBeUndefined();
  });
});

describe('Recent conversations', () => {
  it('lists the latest topics of every organization with participants and follows new messages', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    const b = await signIn(gate.url, byEmail(south, 'member'));
    await post(north, 'recent north');
    const first = await call<{ accounts: RecentAccountWire[] }>('recent.get');
    expect(first.accounts.map((x) => x.accountId).sort()).toEqual([a, b].sort());
    const row = (accounts: RecentAccountWire[]) =>
      accounts
        .find((x) => x.accountId === a)
        ?.conversations.find((c) => c.topic === 'recent north');
    await expect
      .poll(async () => row((await call<{ accounts: RecentAccountWire[] }>('recent.get')).accounts))
      .toMatchObject({
        channel: 'general',
        unread: 1,
        participants: [byEmail(north, 'owner').full_name],
      });
    await post(south, 'recent south');
    await expect
      .poll(() =>
        pushed.some(
          (p) =>
            p.topic === 'recent.patch' &&
            (p.payload as RecentPatchWire).upsert.some((c) => c.topic === 'recent south'),
        ),
      )
      .toBe(true);
  });

  it('follows deleted messages: last activity, unread count and participants go back, an emptied topic leaves', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    const older = await post(north, 'to prune', 'the first word');
    await post(north, 'keep me', 'still here');
    const admin = byEmail(north, 'admin');
    const newer = (
      await ok(north, admin, 'POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'to prune',
        content: 'the last word',
      })
    ).id as number;
    const recent = async () =>
      (await call<{ accounts: RecentAccountWire[] }>('recent.get')).accounts.find(
        (x) => x.accountId === a,
      )!.conversations;
    const prune = async () => (await recent()).find((c) => c.topic === 'to prune');
    await expect.poll(prune).toMatchObject({ lastMessageId: newer, unread: 2 });
    expect((await recent())[0]?.topic).toBe('to prune');
    expect((await prune())?.participants).toContain(admin.full_name);

    // The owner deletes the admin's message: the topic is as if it had never been written.
    await ok(north, byEmail(north, 'owner'), 'DELETE', `/messages/${newer}`);
    await expect.poll(prune).toMatchObject({ lastMessageId: older, unread: 1 });
    expect((await prune())?.participants).toEqual([byEmail(north, 'owner').full_name]);
    // "keep me" is now the most recently active conversation.
    expect((await recent())[0]?.topic).toBe('keep me');

    await ok(north, byEmail(north, 'owner'), 'DELETE', `/messages/${older}`);
    await expect.poll(prune).toBeUndefined();
    expect(
      pushed.some(
        (p) =>
          p.topic === 'recent.patch' &&
          (p.payload as RecentPatchWire).remove.some((key) => key.endsWith(':to prune')),
      ),
    ).toBe(true);
  });

  it('prepares Recent without pushing it, then pushes its changes once Recent is asked for', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    await post(north, 'before prepare');
    await call('recent.prepare');
    await post(north, 'after prepare');
    // The Inbox follows the new message; Recent, prepared but not shown, pushes nothing.
    await expect.poll(async () => (await topicRow(a, 'general', 'after prepare'))?.unread).toBe(1);
    expect(pushed.some((p) => p.topic === 'recent.patch')).toBe(false);

    const { accounts } = await call<{ accounts: RecentAccountWire[] }>('recent.get');
    const topics = accounts.find((x) => x.accountId === a)!.conversations.map((c) => c.topic);
    expect(topics.slice(0, 2)).toEqual(['after prepare', 'before prepare']);
    await post(north, 'now shown');
    await expect
      .poll(() =>
        pushed.some(
          (p) =>
            p.topic === 'recent.patch' &&
            (p.payload as RecentPatchWire).upsert.some((c) => c.topic === 'now shown'),
        ),
      )
      .toBe(true);

    // Recent no longer shown: its changes stop being pushed, the Inbox's go on.
    await call('recent.unwatch');
    pushed.length = 0;
    await post(north, 'after unwatch');
    await expect.poll(async () => (await topicRow(a, 'general', 'after unwatch'))?.unread).toBe(1);
    expect(pushed.some((p) => p.topic === 'recent.patch')).toBe(false);
  });
  it('skips Recent while its window is gone without unwatching, and the next window has it all', async () => {
    const a = await signIn(north.url, byEmail(north, 'member'));
    stopListening();
    const windowOnRecent = () => {
      const patches: RecentPatchWire[] = [];
      const leave = core.subscribe(
        (_t, payload) => patches.push(payload as RecentPatchWire),
        (topic) => topic === 'recent.patch',
      );
      return { patches, leave };
    };
    const topicsOf = (patches: RecentPatchWire[]) =>
      patches.flatMap((p) => p.upsert.map((c) => c.topic));
    const first = windowOnRecent();
    await call('recent.get');
    await post(north, 'while open');
    await expect.poll(() => topicsOf(first.patches)).toContain('while open');
    // The tab closes: it never says recent.unwatch.
    first.leave();
    await post(north, 'while closed');
    await expect.poll(async () => (await topicRow(a, 'general', 'while closed'))?.unread).toBe(1);

    const reopened = windowOnRecent();
    const { accounts } = await call<{ accounts: RecentAccountWire[] }>('recent.get');
    const mine = accounts.find((x) => x.accountId === a)!;
    expect(mine.conversations.map((c) => c.topic).slice(0, 2)).toEqual([
      'while closed',
      'while open',
    ]);
    await post(north, 'reopened');
    // The patches after the snapshot's (a view applies only those) bring only what is new.
    const later = () =>
      reopened.patches.filter((p) => p.accountId === a && p.seq > (mine.seq ?? Infinity));
    await expect.poll(() => topicsOf(later())).toEqual(['reopened']);
  });
});

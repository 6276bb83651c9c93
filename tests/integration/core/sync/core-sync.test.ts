/**
 * The sync manager inside the Core: signing in starts watching, RPC and push topics expose
 * the "why" log, health and Do Not Disturb, credential errors mark the account, and
 * signing out or closing releases the queue.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { RecordingNotifier } from '../../../../src/core/notify/recorders.ts';
import type { Result } from '../../../../src/contract/contract.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import { MemorySecrets } from './memory-secrets.ts';
import { ReferenceServer, person, send, until, untilAsync } from './harness.ts';

describe('background sync in the Core', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let dataDir: string;
  let secrets: MemorySecrets;
  let notifier: RecordingNotifier;
  let me: ServerUser;
  const cores: Core[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock);
    me = person(server.started, 'member');
    dataDir = await mkdtemp(join(tmpdir(), 'perch-sync-'));
    secrets = new MemorySecrets();
    notifier = new RecordingNotifier();
  });

  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
    await server.close();
  });

  async function openCore(): Promise<Core> {
    const core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      clock,
      secrets,
      notifier,
    });
    cores.push(core);
    return core;
  }

  async function call<R>(core: Core, channel: string, args: unknown = {}): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  async function statusOf(core: Core) {
    return (await call<Result<'sync.status'>>(core, 'sync.status'))[0]?.health;
  }

  async function signIn(core: Core): Promise<string> {
    const account = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    await untilAsync(
      async () => (await statusOf(core))?.state === 'polling',
      'the account to be watched',
    );
    return account.id;
  }

  it('watches an account from sign-in and explains each decision over RPC and push', async () => {
    const core = await openCore();
    const pushed: { topic: string; payload: unknown }[] = [];
    core.subscribe((topic, payload) => pushed.push({ topic, payload }));
    const accountId = await signIn(core);

    const id = await send(server.started, person(server.started, 'admin'), clock, {
      type: 'direct',
      to: [me.user_id],
      content: 'hello from Ada',
    });
    await until(() => notifier.notified.includes(id), 'the notification');
    const log = await call<Result<'sync.decisions'>>(core, 'sync.decisions', { accountId });
    expect(log.at(-1)).toMatchObject({
      messageId: id,
      desktop: true,
      sound: true,
      senderName: 'Ada Admin',
    });
    expect(pushed.some((p) => p.topic === 'sync.decisions')).toBe(true);
    expect(pushed.some((p) => p.topic === 'sync.status')).toBe(true);

    await call(core, 'notifications.seen');
    expect(notifier.open.size).toBe(0);

    const dnd = await call<Result<'dnd.set'>>(core, 'dnd.set', { choice: 'hour' });
    expect(dnd).toEqual({ active: true, until: clock.now() + 3_600_000 });
    expect(await call(core, 'dnd.get')).toEqual(dnd);
    expect(pushed.find((p) => p.topic === 'dnd.changed')?.payload).toEqual(dnd);
  });

  it('marks the account for attention when the server deactivates the user, and stops', async () => {
    const core = await openCore();
    const accountId = await signIn(core);
    server.started.deactivateUser(me.user_id);
    const attention = async () =>
      (await call<Result<'accounts.list'>>(core, 'accounts.list'))[0]?.attention?.code;
    await untilAsync(
      async () => (await attention()) === 'USER_DEACTIVATED',
      'the account to need attention',
    );
    expect((await statusOf(core))?.state).toBe('needs_attention');
    // The id names files and keychain entries: it says nothing of who signed in.
    expect(accountId).not.toContain(me.email);
  });

  it('releases the queue on sign-out and on close, and watches stored accounts at start', async () => {
    const core = await openCore();
    const accountId = await signIn(core);
    expect(server.queues.size).toBe(1);
    await call(core, 'accounts.signOut', { accountId });
    expect(server.queues.size).toBe(0);
    expect(await call(core, 'sync.status')).toEqual([]);

    await signIn(core);
    await core.close();
    cores.length = 0;
    expect(server.queues.size).toBe(0);

    const next = await openCore();
    await untilAsync(
      async () => (await statusOf(next))?.state === 'polling',
      'the stored account to be watched',
    );
    expect(server.queues.size).toBe(1);
  });
});

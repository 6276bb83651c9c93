/**
 * What arrived while Perch was closed (docs/notifications.md, "While you were away"): a
 * start from the cache raises one summary per account, counting only what would have
 * notified, and no message is notified twice across the restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { RecordingNotifier } from '../../../../src/core/notify/recorders.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { send } from '../../server/messaging-client.ts';
import { untilAsync } from '../sync/harness.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';

describe('messages that arrived while Perch was closed', () => {
  let server: StartedServer;
  let dataDir: string;
  let keychain: TestKeychain;
  let me: ServerUser;
  let alice: ServerUser;
  let bob: ServerUser;
  const open: Core[] = [];

  async function start(notifier: RecordingNotifier): Promise<Core> {
    const core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      secrets: keychain,
      notifier,
    });
    open.push(core);
    return core;
  }
  async function stop(core: Core): Promise<void> {
    open.splice(open.indexOf(core), 1);
    await core.close();
  }
  async function polling(core: Core): Promise<void> {
    await untilAsync(async () => {
      const r = await core.invoke('sync.status', {});
      const list = (r.ok ? r.result : []) as { health: { state: string } }[];
      return list.length === 1 && list[0]!.health.state === 'polling';
    }, 'the account polling');
  }

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'perch-away-'));
    keychain = new TestKeychain();
    const humans = server.users.filter((u) => !u.email.includes('bot'));
    [me, alice, bob] = humans as [ServerUser, ServerUser, ServerUser];
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await server.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('raises one summary with the right counts, and notifies nothing twice', async () => {
    const before = new RecordingNotifier();
    const first = await start(before);
    const signIn = await first.invoke('accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    expect(signIn.ok).toBe(true);
    await polling(first);
    const seen = await send(server, alice, [me.user_id], 'Before closing');
    await untilAsync(async () => before.notified.includes(seen), 'the live DM notified');
    await stop(first);

    // While Perch is closed: three DMs in two conversations, and a channel message that
    // would not notify (no mention, channel notifications off by default).
    const away = [
      await send(server, alice, [me.user_id], 'Are you there?'),
      await send(server, alice, [me.user_id], 'Call me back'),
      await send(server, bob, [me.user_id], 'Lunch?'),
    ];
    await send(server, bob, 'general', 'Nothing for you here');

    const after = new RecordingNotifier();
    const second = await start(after);
    await untilAsync(async () => after.shown.length > 0, 'the summary shown');
    await polling(second);
    expect(after.shown).toHaveLength(1);
    const [summary] = after.shown;
    expect(summary!.title).toBe('3 new messages in 2 conversations while you were away');
    expect(summary!.body).toContain(alice.full_name);
    expect(summary!.body).toContain(bob.full_name);
    expect([...summary!.messageIds].sort((a, b) => a - b)).toEqual(away);

    // A message after the start notifies on its own, and nothing was notified twice.
    const live = await send(server, bob, [me.user_id], 'Now?');
    await untilAsync(async () => after.notified.includes(live), 'the new DM notified');
    expect(after.notified).not.toContain(seen);
    expect(new Set(after.notified).size).toBe(after.notified.length);
  });
});

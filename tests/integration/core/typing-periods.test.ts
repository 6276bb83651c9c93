/**
 * Issue 12 point 4: the typing protocol runs on the periods the server gives at register,
 * not on constants. The Core signs in to a reference server whose periods are shorter than
 * the defaults; its clock is a manual one, so the periods pass without sleeping.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok, pending } from '../server/messaging-client.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

type Typing = { accountId: string; typing: { names: string[] }[] };

describe('typing periods from register', () => {
  let server: StartedServer;
  let core: Core;
  let clock: ManualClock;
  const pushed: { topic: string; payload: unknown }[] = [];

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    server.state.realm.typing_periods = {
      started_wait: 2000,
      stopped_wait: 1000,
      started_expiry: 3000,
    };
    clock = new ManualClock();
    core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-typing-')),
      version: 't',
      transport: 'web',
      clock,
      secrets: new MemorySecrets(),
    });
    pushed.length = 0;
    core.subscribe((topic, payload) => pushed.push({ topic, payload }));
  });
  afterEach(async () => {
    await core.close();
    await server.close();
  });

  async function call<R>(channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
    return response.result as R;
  }

  async function signIn(local: string): Promise<string> {
    const user = byEmail(server, local);
    const { id } = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: user.email,
      apiKey: user.api_key,
      allowInsecure: true,
    });
    await expect
      .poll(async () => (await call<{ health: { state: string } }[]>('sync.status', {}))[0])
      .toMatchObject({ health: { state: 'polling' } });
    return id;
  }

  const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;

  it('sends "stop" after the server’s stopped-wait period and repeats "start" after its started-wait', async () => {
    const accountId = await signIn('member');
    const watcher = byEmail(server, 'member2');
    const q = (await ok(server, watcher, 'POST', '/register', { event_types: ['typing'] }))
      .queue_id;
    const ops = async () => (await pending(server, watcher, q)).map((e) => e.op);
    const to = { type: 'stream', streamId: general().stream_id, topic: 'periods' };

    await call('messages.typing', { accountId, to, active: true });
    await expect.poll(ops).toEqual(['start']);
    // Keystrokes every 800 ms: never the 1 s pause, and past the 2 s started-wait once.
    for (let i = 0; i < 3; i++) {
      await clock.advance(800);
      await call('messages.typing', { accountId, to, active: true });
    }
    await expect.poll(ops).toEqual(['start', 'start']);
    // 1 s of silence is a pause on this server (the default would wait 5 s).
    await clock.advance(1000);
    await expect.poll(ops).toEqual(['start', 'start', 'stop']);
  });

  it('drops another user’s indicator after the server’s expiry period without a new "start"', async () => {
    await signIn('member');
    const typist = byEmail(server, 'member2');
    const typingNow = () =>
      (
        pushed.filter((p) => p.topic === 'messages.typing').at(-1)?.payload as Typing | undefined
      )?.typing.flatMap((t) => t.names);
    await ok(server, typist, 'POST', '/typing', {
      op: 'start',
      type: 'stream',
      stream_id: general().stream_id,
      topic: 'periods',
    });
    await expect.poll(typingNow).toEqual(['Max Member']);
    await clock.advance(2900);
    expect(typingNow()).toEqual(['Max Member']);
    // 3 s on this server; the default would keep it 15 s.
    await clock.advance(200);
    expect(typingNow()).toEqual([]);
  });
});

/**
 * The typing protocol runs on the periods the server gives at register, not on constants. The
 * Core signs in to a reference server whose periods are shorter than the defaults; its clock is
 * a manual one, so the periods pass without sleeping.
 */
import { describe, expect, it } from 'vitest';
import { byEmail, ok, pending } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

type Typing = { accountId: string; typing: { names: string[] }[] };

describe('typing periods from register', () => {
  const t = useCoreAndServer({ server: { rateLimit: false }, manualClock: true });

  async function signIn(local: string): Promise<string> {
    t.server.state.realm.typing_periods = {
      started_wait: 2000,
      stopped_wait: 1000,
      started_expiry: 3000,
    };
    return t.signIn(byEmail(t.server, local), { listening: true });
  }

  const general = () => [...t.server.state.channels.values()].find((c) => c.name === 'general')!;

  it('sends "stop" after the server’s stopped-wait period and repeats "start" after its started-wait', async () => {
    const accountId = await signIn('member');
    const watcher = byEmail(t.server, 'member2');
    const q = (await ok(t.server, watcher, 'POST', '/register', { event_types: ['typing'] }))
      .queue_id;
    const ops = async () => (await pending(t.server, watcher, q)).map((e) => e.op);
    const to = { type: 'stream', streamId: general().stream_id, topic: 'periods' };

    await t.call('messages.typing', { accountId, to, active: true });
    await expect.poll(ops).toEqual(['start']);
    // Keystrokes every 800 ms: never the 1 s pause, and past the 2 s started-wait once.
    for (let i = 0; i < 3; i++) {
      await t.clock.advance(800);
      await t.call('messages.typing', { accountId, to, active: true });
    }
    await expect.poll(ops).toEqual(['start', 'start']);
    // 1 s of silence is a pause on this server (the default would wait 5 s).
    await t.clock.advance(1000);
    await expect.poll(ops).toEqual(['start', 'start', 'stop']);
  });

  it('drops another user’s indicator after the server’s expiry period without a new "start"', async () => {
    await signIn('member');
    const typist = byEmail(t.server, 'member2');
    const typingNow = () =>
      (
        t.pushed.filter((p) => p.topic === 'messages.typing').at(-1)?.payload as Typing | undefined
      )?.typing.flatMap((t) => t.names);
    await ok(t.server, typist, 'POST', '/typing', {
      op: 'start',
      type: 'stream',
      stream_id: general().stream_id,
      topic: 'periods',
    });
    await expect.poll(typingNow).toEqual(['Max Member']);
    await t.clock.advance(2900);
    expect(typingNow()).toEqual(['Max Member']);
    // 3 s on this server; the default would keep it 15 s.
    await t.clock.advance(200);
    expect(typingNow()).toEqual([]);
  });
});

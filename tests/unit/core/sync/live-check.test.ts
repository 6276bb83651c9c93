/**
 * The live check of quiet long-polls (src/core/sync/live-check.ts): one check per server
 * answers for every account waiting on it, and a server is called silent only for what it
 * did not answer, not because this process was too busy to hear it.
 */
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../../src/api/errors.ts';
import { ManualClock, type Clock } from '../../../../src/lib/clock.ts';
import {
  DEFAULT_LIVE_CHECK_EVERY_MS,
  ServerLiveCheck,
  type LiveWatcher,
} from '../../../../src/core/sync/live-check.ts';

/** A server that answers each check at once, or holds it while paused, or refuses it. */
function fakeServer() {
  const server = {
    checks: 0,
    mode: 'answer' as 'answer' | 'hold' | 'refuse',
    probe: (signal: AbortSignal) => {
      server.checks++;
      if (server.mode === 'answer') return Promise.resolve();
      if (server.mode === 'refuse')
        return Promise.reject(
          new NetworkError('GET /server_settings', 'refused', 'connection refused'),
        );
      return new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
    },
  };
  return server;
}

function watcher(server: ReturnType<typeof fakeServer>) {
  const seen: string[] = [];
  const w: LiveWatcher = {
    probe: (signal) => server.probe(signal),
    silent: () => seen.push('silent'),
    answered: () => seen.push('answered'),
    lost: () => seen.push('lost'),
  };
  return { w, seen };
}

/** A live check on a fake server, on a clock the test moves. */
function checkOfOneServer() {
  const clock = new ManualClock();
  const server = fakeServer();
  const check = new ServerLiveCheck({ clock });
  return { clock, server, check };
}

/** Two accounts waiting on the same server; `endB` ends the second one's poll. */
function twoWaiting() {
  const { clock, server, check } = checkOfOneServer();
  const a = watcher(server);
  const b = watcher(server);
  check.watch(a.w);
  const endB = check.watch(b.w);
  return { clock, server, a, b, endB };
}

/**
 * With the server holding every request, the first check goes out exactly one period from
 * now (not a tick sooner), and its watcher is called silent once the check goes unanswered.
 */
async function silentAfterOnePeriod(
  clock: ManualClock,
  server: ReturnType<typeof fakeServer>,
  a: ReturnType<typeof watcher>,
) {
  await clock.advance(DEFAULT_LIVE_CHECK_EVERY_MS - 1);
  expect(server.checks).toBe(0);
  await clock.advance(1);
  expect(server.checks).toBe(1);
  await clock.advance(3_000);
  expect(a.seen).toEqual(['silent']);
}

describe('the live check of a server', () => {
  it('asks the server once per period however many accounts wait on it, and not at all when none does', async () => {
    const { clock, server, check } = checkOfOneServer();
    const polls = Array.from({ length: 5 }, () => watcher(server));
    const ends = polls.map((p) => check.watch(p.w));
    await clock.advance(DEFAULT_LIVE_CHECK_EVERY_MS * 4);
    expect(server.checks).toBe(4);
    for (const p of polls) expect(p.seen).toEqual(['answered', 'answered', 'answered', 'answered']);

    for (const end of ends) end(true);
    await clock.advance(DEFAULT_LIVE_CHECK_EVERY_MS * 4);
    expect(server.checks).toBe(4);
  });

  it('shows every waiting account silent when a check goes unanswered, and refused when refused', async () => {
    const { clock, server, a, b } = twoWaiting();
    server.mode = 'hold';
    await clock.advance(7_000 + 2_999);
    expect(a.seen).toEqual([]);
    await clock.advance(1);
    expect([a.seen, b.seen]).toEqual([['silent'], ['silent']]);

    server.mode = 'refuse';
    await clock.advance(7_000);
    expect([a.seen, b.seen]).toEqual([
      ['silent', 'lost'],
      ['silent', 'lost'],
    ]);
  });

  it('does not call the server silent while this process is starved of CPU, only once it runs on time again', async () => {
    const manual = new ManualClock();
    let lateBy = 2_000;
    // Every timer fires late, as on a machine too busy to run this process on time.
    const busy: Clock = {
      now: () => manual.now(),
      setTimeout: (fn, ms) => manual.setTimeout(fn, ms + lateBy),
      clearTimeout: (h) => manual.clearTimeout(h),
    };
    const server = fakeServer();
    server.mode = 'hold';
    const check = new ServerLiveCheck({ clock: busy });
    const a = watcher(server);
    check.watch(a.w);
    await manual.advance(60_000);
    expect(server.checks).toBe(1);
    expect(a.seen).toEqual([]);

    // The timer already set still fires late once; the one after it is on time.
    lateBy = 0;
    await manual.advance(8_000);
    expect(a.seen).toEqual(['silent']);
  });

  it('takes another poll on the server answering meanwhile as the server answering', async () => {
    const { clock, server, a, endB } = twoWaiting();
    server.mode = 'hold';
    await clock.advance(8_000);
    // B's poll brings events: the server is answering, though slowly on this check.
    endB(true);
    await clock.advance(2_500);
    expect(a.seen).toEqual([]);
    // Nothing more from the server for a whole timeout: now it is silent.
    await clock.advance(3_000);
    expect(a.seen).toEqual(['silent']);
  });

  it('sends no check while polls on the server are answered, and one after a whole period of silence', async () => {
    const { clock, server, check } = checkOfOneServer();
    // One account's poll stays quiet; another's is answered every 4 s (its messages).
    check.watch(watcher(server).w);
    let endB = check.watch(watcher(server).w);
    for (let i = 0; i < 10; i++) {
      await clock.advance(4_000);
      endB(true);
      endB = check.watch(watcher(server).w);
    }
    expect(server.checks).toBe(0);

    // Quiet from here: the check goes out a whole period after the last answer.
    await clock.advance(DEFAULT_LIVE_CHECK_EVERY_MS - 1);
    expect(server.checks).toBe(0);
    await clock.advance(1);
    expect(server.checks).toBe(1);
  });

  it('still finds a stopped server within a period when the last answer came mid-period', async () => {
    const { clock, server, a, endB } = twoWaiting();
    await clock.advance(5_000);
    // B's poll is answered 5 s in; then the server stops answering anything.
    endB(true);
    server.mode = 'hold';
    await silentAfterOnePeriod(clock, server, a);
  });

  it('asks nothing while no window shows the connection, and a full period after one opens', async () => {
    const { clock, server, check } = checkOfOneServer();
    const a = watcher(server);
    check.setShown(false);
    check.watch(a.w);
    server.mode = 'hold';
    await clock.advance(10 * DEFAULT_LIVE_CHECK_EVERY_MS);
    expect(server.checks).toBe(0);
    expect(a.seen).toEqual([]);

    check.setShown(true);
    await silentAfterOnePeriod(clock, server, a);
  });

  it('drops a check in flight when the window closes, calling nobody silent', async () => {
    const { clock, server, check } = checkOfOneServer();
    const a = watcher(server);
    check.watch(a.w);
    server.mode = 'hold';
    await clock.advance(DEFAULT_LIVE_CHECK_EVERY_MS);
    expect(server.checks).toBe(1);
    check.setShown(false);
    await clock.advance(10 * DEFAULT_LIVE_CHECK_EVERY_MS);
    expect(server.checks).toBe(1);
    expect(a.seen).toEqual([]);
  });
});

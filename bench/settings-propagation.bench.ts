/**
 * The target "a setting changed in one shows in the other within a second": two Cores signed in
 * to the same reference server, real time. The member changes a setting on one and the bench
 * times how long until the other Core (same member, another device) pushes it; then the member
 * sets a status and the bench times how long until an owner's Core, watching its People list,
 * pushes the member's row with it. Each is timed CHANGES times; the renderer shows a push
 * within its next frame.
 */
import type { Core } from '../src/core/core.ts';
import type { PersonPresence } from '../src/contract/schemas/people.ts';
import { startServer, type ServerUser } from '../src/server/index.ts';
import { startBenchCore, type BenchCore } from './bench-core.ts';
import type { BenchResult } from './types.ts';

const CHANGES = 20;
const WITHIN_MS = 1000;

interface Device extends BenchCore {
  accountId: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
  const answer = await core.invoke(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.message}`);
  return answer.result as R;
}

async function device(serverUrl: string, user: ServerUser): Promise<Device> {
  const started = await startBenchCore();
  const { core } = started;
  const { id } = await call<{ id: string }>(core, 'accounts.signInWithKey', {
    serverUrl,
    email: user.email,
    apiKey: user.api_key,
  });
  // Changes count from the moment the account's queue polls, as a user's would.
  for (;;) {
    const statuses = await call<{ accountId: string; health: { state: string } }[]>(
      core,
      'sync.status',
      {},
    );
    if (statuses.find((s) => s.accountId === id)?.health.state === 'polling') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ...started, accountId: id };
}

/** Resolves with the ms from now until `core` pushes `topic` with a payload `matches` accepts. */
function timeUntil(core: Core, topic: string, matches: (payload: unknown) => boolean) {
  const start = performance.now();
  return new Promise<number>((done) => {
    const off = core.subscribe((t, payload) => {
      if (t !== topic || !matches(payload)) return;
      off();
      done(performance.now() - start);
    });
  });
}

export default async function run(): Promise<BenchResult> {
  const server = await startServer({ rateLimit: false });
  const devices: Device[] = [];
  try {
    const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
    const owner = server.users.find((u) => u.role === 100)!;
    const [here, there, watcher] = await Promise.all([
      device(server.url, member),
      device(server.url, member),
      device(server.url, owner),
    ]);
    devices.push(here, there, watcher);

    const settings: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const value = i % 2 === 0;
      const seen = timeUntil(there.core, 'settings.changed', (p) => {
        const c = p as { accountId: string; values: Record<string, unknown> };
        return c.accountId === there.accountId && c.values['enter_sends'] === value;
      });
      await call(here.core, 'settings.update', {
        accountId: here.accountId,
        changes: { enter_sends: value },
      });
      settings.push(await seen);
    }

    await call(watcher.core, 'people.list', { accountId: watcher.accountId });
    const statuses: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const text = `In a meeting ${i}`;
      const seen = timeUntil(watcher.core, 'people.changed', (p) =>
        (p as { people: PersonPresence[] }).people.some(
          (r) => r.userId === member.user_id && r.status?.text === text,
        ),
      );
      await call(here.core, 'status.set', { accountId: here.accountId, statusText: text });
      statuses.push(await seen);
    }

    const settingsMedian = median(settings);
    const settingsMax = Math.max(...settings);
    const statusMedian = median(statuses);
    const statusMax = Math.max(...statuses);
    return {
      name: `settings and status from one Core to another (${CHANGES} changes each)`,
      metrics: {
        setting_shown_median_ms: round(settingsMedian),
        setting_shown_max_ms: round(settingsMax),
        status_shown_median_ms: round(statusMedian),
        status_shown_max_ms: round(statusMax),
        target_ms: WITHIN_MS,
      },
      targets: [
        {
          label: `a setting shows on the other device within ${WITHIN_MS} ms (every change)`,
          pass: settingsMax <= WITHIN_MS,
        },
        {
          label: `a status shows for another person within ${WITHIN_MS} ms (every change)`,
          pass: statusMax <= WITHIN_MS,
        },
      ],
    };
  } finally {
    for (const d of devices) await d.close();
    await server.close();
  }
}

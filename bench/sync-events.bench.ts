/**
 * Background sync's speed figures. The reference server delivers 50 000 message events to one
 * account over loopback: how many Perch applies and decides per second; then, at 200 events per
 * second, the latency from the server emitting an event to the notifier adapter receiving its
 * decision; and the memory of a Core holding five idle accounts, after a forced garbage
 * collection.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ApiClient } from '../src/api/client.ts';
import { createCore } from '../src/core/core.ts';
import {
  RecordingBadgeSink,
  RecordingNotifier,
  RecordingSoundPlayer,
} from '../src/core/notify/recorders.ts';
import { SyncManager } from '../src/core/sync/manager.ts';
import { systemClock } from '../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../src/server/index.ts';
import { messaging } from '../src/server/messages/service.ts';
import { MemorySecrets } from '../tests/integration/core/sync/memory-secrets.ts';
import type { BenchResult } from './types.ts';

const FLOOD = 50_000;
const RATE_PER_S = 200;
const PACED_SECONDS = 10;
const IDLE_ACCOUNTS = 5;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Several passes: one can leave objects that only die once their finalizers have run. */
function fullCollection(): void {
  for (let i = 0; i < 3; i++) collectGarbage();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function userOf(server: StartedServer, local: string) {
  const user = server.state.users.get(
    server.users.find((u) => u.email === `${local}@perch.test`)?.user_id ?? -1,
  );
  if (!user) throw new Error(`no ${local}`);
  return user;
}

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise<void>((resolve) => setTimeout(resolve, 1));
}

/** One account watched by a SyncManager with recording adapters. */
async function watch(server: StartedServer, user: ServerUser) {
  const notifier = new RecordingNotifier();
  let decided = 0;
  const manager = new SyncManager({
    clock: systemClock,
    notifier,
    sound: new RecordingSoundPlayer(),
    badge: new RecordingBadgeSink(),
    clientFor: async () =>
      new ApiClient({ realmUrl: server.url, email: user.email, apiKey: user.api_key }),
    onCredentialsRejected: () => {
      throw new Error('credentials rejected');
    },
    onDecisions: (_id, entries) => (decided += entries.length),
  });
  await manager.startAccount(user.email);
  await waitFor(() => manager.statuses()[0]?.health.state === 'polling');
  return { manager, notifier, decided: () => decided };
}

/** A reference server, its messaging service, and Perch watching Mel Member there. */
async function watchMember() {
  const server = await startServer({ rateLimit: false });
  const me = server.users.find((u) => u.email === 'member@perch.test');
  if (!me) throw new Error('no member');
  return { server, me, perch: await watch(server, me), send: messaging(server.ctx) };
}

async function flood() {
  const { server, me, perch, send } = await watchMember();
  const ada = userOf(server, 'admin');
  const general = server.state.channelByName('general')?.stream_id;

  // The server queues every event first (rendering 50 000 messages is the server's cost,
  // not Perch's); the timing starts when they are all waiting in the account's queue.
  const emitStart = performance.now();
  for (let i = 0; i < FLOOD; i++) {
    // A mix of what notifies and what does not: DMs, mentions and plain channel chatter.
    if (i % 3 === 0) send.send({ sender: ada, dmUserIds: [me.user_id], content: `dm ${i}` });
    else if (i % 3 === 1)
      send.send({
        sender: ada,
        streamId: general,
        topic: 'flood',
        content: `@**Mel Member** ${i}`,
      });
    else send.send({ sender: ada, streamId: general, topic: 'flood', content: `chatter ${i}` });
  }
  const started = performance.now();
  await waitFor(() => perch.decided() >= FLOOD);
  const done = performance.now();
  await perch.manager.close();
  await server.close();
  return {
    flood_events: FLOOD,
    flood_server_emit_ms: started - emitStart,
    flood_delivered_applied_decided_ms: done - started,
    events_applied_and_decided_per_s: FLOOD / ((done - started) / 1000),
  };
}

async function paced() {
  const { server, me, perch, send } = await watchMember();
  const senders = ['admin', 'owner', 'moderator', 'member2'].map((l) => userOf(server, l));
  const emittedAt = new Map<number, number>();
  const latencies: number[] = [];
  perch.notifier.onShow = (shown) => {
    const now = performance.now();
    for (const id of shown.messageIds) {
      const at = emittedAt.get(id);
      if (at === undefined) continue;
      latencies.push(now - at);
      emittedAt.delete(id);
    }
  };
  const total = RATE_PER_S * PACED_SECONDS;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE_PER_S;
    while (performance.now() < due) await new Promise<void>((resolve) => setTimeout(resolve, 1));
    const sender = senders[i % senders.length]!;
    const t = performance.now();
    const stored = send.send({ sender, dmUserIds: [me.user_id], content: `paced ${i}` });
    emittedAt.set(stored.id, t);
  }
  await waitFor(() => perch.decided() >= total);
  await perch.manager.close();
  await server.close();
  return {
    paced_events: total,
    paced_latency_samples: latencies.length,
    latency_median_ms: percentile(latencies, 50),
    latency_p99_ms: percentile(latencies, 99),
  };
}

async function idleMemory() {
  const server = await startServer({ rateLimit: false });
  const people = server.users.filter((u) => !u.is_bot).slice(0, IDLE_ACCOUNTS);
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-'));
  const core = await createCore({
    dataDir,
    version: 'bench',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
  fullCollection();
  const before = process.memoryUsage().heapUsed;
  for (const u of people) {
    const r = await core.invoke('accounts.signInWithKey', {
      serverUrl: server.url,
      email: u.email,
      apiKey: u.api_key,
      allowInsecure: true,
    });
    if (!r.ok) throw new Error(r.error.message);
  }
  const polling = async () => {
    const r = await core.invoke('sync.status', {});
    return (
      r.ok &&
      (r.result as { health: { state: string } }[]).filter((s) => s.health.state === 'polling')
        .length
    );
  };
  while ((await polling()) !== IDLE_ACCOUNTS)
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  fullCollection();
  const after = process.memoryUsage();
  await core.close();
  await server.close();
  return {
    idle_accounts: IDLE_ACCOUNTS,
    // What the five accounts add to a running Core (queues, states, clients).
    five_idle_accounts_heap_mb: (after.heapUsed - before) / 2 ** 20,
    process_heap_used_mb: after.heapUsed / 2 ** 20,
    process_rss_mb: after.rss / 2 ** 20,
  };
}

export default async function (): Promise<BenchResult> {
  const floodMetrics = await flood();
  // Each phase starts without the previous one's garbage, so no pause is billed to the next.
  fullCollection();
  const pacedMetrics = await paced();
  fullCollection();
  const metrics = { ...floodMetrics, ...pacedMetrics, ...(await idleMemory()) };
  return {
    name: 'Background sync: events applied and decided, notification latency, idle memory',
    metrics,
    targets: [
      {
        label: `at least 20 000 events/s applied and decided (${Math.round(metrics.events_applied_and_decided_per_s)})`,
        pass: metrics.events_applied_and_decided_per_s >= 20_000,
      },
      {
        label: `p99 latency at ${RATE_PER_S} events/s under 20 ms (${metrics.latency_p99_ms.toFixed(2)} ms)`,
        pass: metrics.latency_p99_ms < 20,
      },
    ],
  };
}

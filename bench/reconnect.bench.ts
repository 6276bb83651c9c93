/**
 * How soon an account is back after its server returns from a 10 s outage, 20 outages, real
 * time. Two event queues watch the same reference server side by side, each through its own
 * gate that the bench cuts and restores at the same moment: one probes GET /server_settings
 * while it waits (as Perch's accounts do), one only sleeps out its full-jitter backoff (as
 * before). "Back" is the first request of the queue's own that the restored gate forwards to
 * the server.
 */
import { ApiClient } from '../src/api/client.ts';
import { getServerSettings } from '../src/api/routes/server.ts';
import { EventQueue } from '../src/core/sync/event-queue.ts';
import { systemClock } from '../src/lib/clock.ts';
import { startServer } from '../src/server/index.ts';
import { Gate, person } from '../tests/integration/core/sync/harness.ts';
import type { BenchResult } from './types.ts';

const OUTAGES = 20;
const OUTAGE_MS = 10_000;

interface Watcher {
  gate: Gate;
  queue: EventQueue;
  client: ApiClient;
  restoredAt: number | undefined;
  backAfter: number[];
}

async function watcher(serverUrl: string, who: ReturnType<typeof person>, probe: boolean) {
  const gate = await Gate.open(serverUrl);
  const client = new ApiClient({
    realmUrl: gate.url,
    email: who.email,
    apiKey: who.api_key,
    clock: systemClock,
  });
  const w: Watcher = {
    gate,
    client,
    restoredAt: undefined,
    backAfter: [],
    queue: new EventQueue({
      client,
      clock: systemClock,
      registerParams: { event_types: ['message'] },
      onRegistered: () => undefined,
      onEvents: () => undefined,
      onCredentialsRejected: () => undefined,
      ...(probe ? { probe: (signal) => getServerSettings(client, signal) } : {}),
    }),
  };
  gate.beforeForward = async (seen) => {
    if (w.restoredAt === undefined || seen === 'GET /api/v1/server_settings') return;
    w.backAfter.push(performance.now() - w.restoredAt);
    w.restoredAt = undefined;
  };
  void w.queue.start();
  return w;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => sorted(xs).at(-1)!;

export default async function (): Promise<BenchResult> {
  const server = await startServer({ heartbeatSeconds: 1 });
  const probing = await watcher(server.url, person(server, 'member'), true);
  const sleeping = await watcher(server.url, person(server, 'admin'), false);
  const both = [probing, sleeping];
  try {
    for (let i = 0; i < OUTAGES; i++) {
      while (both.some((w) => w.queue.getHealth().state !== 'polling')) await sleep(50);
      for (const w of both) w.gate.cut();
      await sleep(OUTAGE_MS);
      const now = performance.now();
      for (const w of both) {
        w.restoredAt = now;
        w.gate.mode = 'pass';
      }
      while (both.some((w) => w.restoredAt !== undefined)) await sleep(20);
    }
  } finally {
    for (const w of both) {
      await w.queue.stop({ release: false });
      await w.client.close();
      await w.gate.close();
    }
    await server.close();
  }
  const p = probing.backAfter;
  const s = sleeping.backAfter;
  return {
    name: `reconnect after a ${OUTAGE_MS / 1000} s outage (${OUTAGES} outages)`,
    metrics: {
      probing_median_ms: median(p),
      probing_max_ms: max(p),
      backoff_only_median_ms: median(s),
      backoff_only_max_ms: max(s),
      ratio_median_backoff_only_vs_probing: median(s) / median(p),
    },
    targets: [{ label: 'back within 3 s of the server answering (max)', pass: max(p) <= 3_000 }],
  };
}

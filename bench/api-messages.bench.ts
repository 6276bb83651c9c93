/**
 * The API client's speed target: fetching and validating 5000 messages (the largest allowed
 * batch) with Perch's client, measured side by side in one run against the same request made
 * with bare undici + JSON.parse and with the published zulip-js package, all against one
 * reference server over loopback. The server runs in a child process (this same file, started
 * with SERVE_FLAG), so that its work neither blocks the clients' event loop nor lands in their
 * timings, as with a real server.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import { ApiClient } from '../src/api/client.ts';
import { getMessages } from '../src/api/routes/messages.ts';
import { encodeParams } from '../src/api/encode.ts';
import { startServer } from '../src/server/index.ts';
import type { BenchResult } from './types.ts';

const SERVE_FLAG = 'PERCH_BENCH_API_MESSAGES_SERVER';

interface Served {
  url: string;
  email: string;
  apiKey: string;
}

if (process.env[SERVE_FLAG]) {
  const server = await startServer({ demo: { messages: 3 * 5000 }, rateLimit: false });
  const owner = server.users[0];
  if (!owner) throw new Error('the demo organization has no owner');
  const served: Served = { url: server.url, email: owner.email, apiKey: owner.api_key };
  process.stdout.write(`${JSON.stringify(served)}\n`);
  // Serves until the parent closes our stdin.
  process.stdin.resume();
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
}

async function startServerProcess(): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, [SERVE_FLAG]: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  for await (const line of lines) {
    lines.close();
    return { child, served: JSON.parse(line) as Served };
  }
  throw new Error('the benchmark server exited before announcing its address');
}

const BATCH = 5000;
const WARMUP_ROUNDS = 3;
const ROUNDS = 31;
const params = {
  anchor: 'newest',
  num_before: BATCH,
  num_after: 0,
  // Shared history of every public channel, so one user sees the whole demo organization.
  narrow: [{ operator: 'channels', operand: 'public' }],
};

interface ZulipJsClient {
  messages: {
    retrieve(params: Record<string, unknown>): Promise<{ result: string; messages?: unknown[] }>;
  };
}

// zulip-js ships no type declarations; load it through require and type the part used here.
const zulip = createRequire(import.meta.url)('zulip-js') as (config: {
  username: string;
  apiKey: string;
  realm: string;
}) => Promise<ZulipJsClient>;

// A full collection before each timed call, so no contender pays for another's garbage.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function timed(fn: () => Promise<number>): Promise<number> {
  collectGarbage();
  const start = performance.now();
  const count = await fn();
  const elapsed = performance.now() - start;
  if (count !== BATCH) throw new Error(`expected ${BATCH} messages, got ${count}`);
  return elapsed;
}

export default async function (): Promise<BenchResult> {
  const { child, served } = await startServerProcess();
  const { url, email, apiKey } = served;
  const perch = new ApiClient({ realmUrl: url, email, apiKey });
  const bareAgent = new Agent({ keepAliveTimeout: 30_000 });
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
  const bareUrl = `${url}/api/v1/messages?${encodeParams(params)}`;
  const zulipJs = await zulip({ username: email, apiKey, realm: url });

  const contenders: Record<string, () => Promise<number>> = {
    perch: async () =>
      (await getMessages(perch, { ...params, anchor: 'newest' })).data.messages.length,
    undici: async () => {
      const res = await request(bareUrl, { headers: { authorization }, dispatcher: bareAgent });
      const body = JSON.parse(await res.body.text()) as { messages: unknown[] };
      return body.messages.length;
    },
    zulip_js: async () => (await zulipJs.messages.retrieve(params)).messages?.length ?? 0,
  };
  const times: Record<string, number[]> = { perch: [], undici: [], zulip_js: [] };
  const order = Object.entries(contenders);
  try {
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      // Interleaved, with the order rotated each round, so that drift on a shared machine
      // and position in the round touch every contender alike.
      for (let i = 0; i < order.length; i++) {
        const entry = order[(round + i) % order.length];
        if (!entry) continue;
        const ms = await timed(entry[1]);
        if (round >= WARMUP_ROUNDS) times[entry[0]]?.push(ms);
      }
    }
  } finally {
    await perch.close();
    await bareAgent.close();
    child.stdin?.end();
  }
  const perchMs = times['perch'] ?? [];
  const undiciMs = times['undici'] ?? [];
  const zulipMs = times['zulip_js'] ?? [];
  // Ratios are taken within each round, then the median: the rounds' shared drift cancels.
  const vsUndici = median(perchMs.map((ms, i) => ms / (undiciMs[i] ?? Number.NaN)));
  const vsZulip = median(perchMs.map((ms, i) => ms / (zulipMs[i] ?? Number.NaN)));
  return {
    name: 'API client: fetch and validate 5000 messages',
    metrics: {
      perch_median_ms: median(perchMs),
      undici_json_parse_median_ms: median(undiciMs),
      zulip_js_median_ms: median(zulipMs),
      ratio_vs_undici: vsUndici,
      ratio_vs_zulip_js: vsZulip,
      rounds: ROUNDS,
    },
    targets: [
      { label: 'Perch <= 1.3 x bare undici + JSON.parse', pass: vsUndici <= 1.3 },
      { label: 'Perch faster than zulip-js', pass: vsZulip < 1 },
    ],
  };
}

/**
 * Start from the cache on disk against start from nothing, side by side (docs/architecture.md,
 * "The cache on disk"). Five accounts on the reference server, 20 000 unread messages among
 * them and 10 000 kept; each run is a fresh host process (bench/cache-start-host.ts), timed
 * from its start to every account's Inbox having rows in the Core:
 *   (a) with the cache, the server behind a proxy adding 100 ms to every request;
 *   (b) without the cache, the same proxy;
 *   (c) with the cache, every server out of reach (the proxy closed).
 * The issue's figures, and the targets, count from the host process's start (Node's boot,
 * loading the bundle, then the Core); the times from the Core's start (the end of module
 * loading) to the Inbox are given too, labelled `core_start`, with the CPU time before it.
 * Also the cache's size per 10 000 messages, the CPU time of one snapshot write of 10 000
 * messages, and the host's RSS a few seconds after the first Inbox with and without the cache.
 * PERCH_BENCH_HOST_DIR=<checkout> also runs that checkout's host in every run, on the same
 * seed and servers, alternating which goes first (its figures prefixed `other_`). The seed is
 * this checkout's, so two builds whose cache files differ in format or summary cannot be
 * compared this way: the other reads a file it does not know and starts as without it.
 */
import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCore } from '../src/core/core.ts';
import { startServer } from '../src/server/index.ts';
import { seedTopics } from '../tests/integration/server/messaging-client.ts';
import { FileKeychain } from './file-keychain.ts';
import type { BenchResult } from './types.ts';
import { webHostNodeArgs } from '../tests/e2e/support/web-host-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.PERCH_BENCH_RUNS ?? 3);
const ACCOUNTS = 5;
const UNREAD_PER_ACCOUNT = 4000;
const KEPT_PER_ACCOUNT = 2000;
const LATENCY_MS = 100;

/** Forwards every request to `target` after LATENCY_MS. */
function latencyProxy(target: string, port = 0): Promise<Server> {
  const to = new URL(target);
  const proxy = createServer((req, res) => {
    setTimeout(() => {
      const out = request(
        {
          host: to.hostname,
          port: to.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    }, LATENCY_MS);
  });
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)));
}

/**
 * The host bundled as scripts/build-web.mjs bundles the shipped one (same esbuild options,
 * code splitting included), so "from the process's start" counts what a user's start does,
 * not tsx compiling the sources. Kept in dist-bench/ so a host can be run alone on a kept seed:
 *   node --v8-pool-size=1 --max-semi-space-size=2 dist-bench/cache-start-host.mjs <dir> <keychain> cache
 */
async function bundleHost(outdir: string, checkout = root): Promise<string> {
  // That checkout's own options: what its `npm run web` ships, plugins included.
  const { nodeHostBundle } = (await import(
    pathToFileURL(join(checkout, 'scripts/lean-bundle.mjs')).href
  )) as { nodeHostBundle: object };
  const { metafile } = await build({
    ...nodeHostBundle,
    entryPoints: { 'cache-start-host': join(checkout, 'bench/cache-start-host.ts') },
    outdir,
    metafile: true,
    logLevel: 'warning',
  });
  // As scripts/build-web.mjs ships it: the entry run from V8's code cache, where that
  // checkout has one.
  const codeCache = join(checkout, 'scripts/code-cache-build.mjs');
  if (existsSync(codeCache)) {
    const { withCodeCache } = (await import(pathToFileURL(codeCache).href)) as {
      withCodeCache: (o: { outdir: string; name: string; metafile: unknown }) => Promise<void>;
    };
    await withCodeCache({ outdir, name: 'cache-start-host', metafile });
  }
  return join(outdir, 'cache-start-host.mjs');
}

/** Node started with the flags `npm run web` gives the shipped host. */
const nodeFlags = webHostNodeArgs().slice(0, -1);

/**
 * The hosts' V8 code caches (src/web/code-cache.ts): the bench's own, not the user's, and a
 * folder for each host: a host that writes its cache deletes every other build's in its
 * folder, so two builds sharing one would each start cold after the other's run.
 */
let codeCacheBase = '';
const codeCacheDir = (script: string) => join(codeCacheBase, isOther(script) ? 'other' : 'this');

/** Whether `script` is the other checkout's host (bundled into dist-bench/other/). */
const isOther = (script: string) => script.includes('/other/');

/**
 * Runs Node with `args` and resolves with the last line it printed, or rejects naming `who`
 * when it exits otherwise than 0 or prints nothing.
 */
function lastLineOf(who: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`${who} exited with ${code}: ${out}`));
      else resolve(line);
    });
  });
}

async function host(
  script: string,
  dataDir: string,
  keyFile: string,
  mode: 'cache' | 'nocache',
  label = '',
) {
  type Seen = { readyMs: number; loadedMs: number; coreMs: number; cpuMs: number; rssMb: number };
  const line = await lastLineOf(
    'host',
    [
      ...nodeFlags,
      ...(process.env.PERCH_BENCH_NODE_ARGS?.split(' ') ?? []),
      script,
      dataDir,
      keyFile,
      mode,
    ],
    { ...process.env, PERCH_CODE_CACHE_DIR: codeCacheDir(script) },
  );
  if (process.env.PERCH_BENCH_VERBOSE)
    console.log(`${label}${isOther(script) ? `other ${mode}` : mode}`, line);
  return JSON.parse(line) as Seen;
}

/** bench/cache-snapshot-write.ts run on `dataDir`: each write's CPU time and the file's size. */
async function snapshotWrites(dataDir: string, keyFile: string, writes: number) {
  const line = await lastLineOf('the snapshot writer', [
    ...process.execArgv,
    fileURLToPath(new URL('./cache-snapshot-write.ts', import.meta.url)),
    dataDir,
    keyFile,
    String(writes),
  ]);
  const result = JSON.parse(line) as { cpu: number[]; bytes: number; note: string | null };
  if (result.note) throw new Error(`the snapshot write failed: ${result.note}`);
  return result;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Seen = { readyMs: number; loadedMs: number; cpuMs: number; loadedCpuMs?: number };

/** One host's runs of (a), (b) and (c), and the figures the bench prints of them. */
function measured() {
  const runs = { a: [] as number[], b: [] as number[], c: [] as number[] };
  // From the end of module loading: what the Core itself takes, module loading left out.
  const fromCore = { a: [] as number[], b: [] as number[], c: [] as number[] };
  const cpuToInbox = { a: [] as number[], b: [] as number[], c: [] as number[] };
  // Before the Core's start: Node's boot, compiling and evaluating the bundle.
  const beforeCore: number[] = [];
  const beforeCoreCpu: number[] = [];
  const rss = { cache: [] as number[], nocache: [] as number[] };
  // From the host process's start: what the issue's targets count.
  const medians = () => ({ a: median(runs.a), b: median(runs.b), c: median(runs.c) });
  const core = () => ({ a: median(fromCore.a), b: median(fromCore.b), c: median(fromCore.c) });
  return {
    rss,
    medians,
    add(which: 'a' | 'b' | 'c', seen: Seen) {
      runs[which].push(seen.readyMs);
      fromCore[which].push(seen.readyMs - seen.loadedMs);
      cpuToInbox[which].push(seen.cpuMs);
      beforeCore.push(seen.loadedMs);
      // A host of an older tree may not report it.
      if (seen.loadedCpuMs !== undefined) beforeCoreCpu.push(seen.loadedCpuMs);
    },
    metrics(prefix: string): Record<string, number> {
      const { a, b, c } = medians();
      const fromCoreStart = core();
      const m: Record<string, number> = {
        a_from_process_start_median_ms: a,
        b_from_process_start_median_ms: b,
        c_from_process_start_median_ms: c,
        a_from_process_start_min_ms: Math.min(...runs.a),
        a_from_process_start_max_ms: Math.max(...runs.a),
        b_from_process_start_min_ms: Math.min(...runs.b),
        b_from_process_start_max_ms: Math.max(...runs.b),
        c_from_process_start_min_ms: Math.min(...runs.c),
        c_from_process_start_max_ms: Math.max(...runs.c),
        ratio_a_vs_b_from_process_start: a / b,
        ratio_c_vs_b_from_process_start: c / b,
        // Process start to the Core's start (end of module loading), all runs of (a), (b), (c).
        before_core_start_median_ms: median(beforeCore),
        before_core_start_min_ms: Math.min(...beforeCore),
        before_core_start_max_ms: Math.max(...beforeCore),
        ...(beforeCoreCpu.length ? { before_core_start_cpu_median_ms: median(beforeCoreCpu) } : {}),
        a_cache_100ms_latency_core_start_to_inbox_median_ms: fromCoreStart.a,
        b_no_cache_100ms_latency_core_start_to_inbox_median_ms: fromCoreStart.b,
        c_cache_unreachable_core_start_to_inbox_median_ms: fromCoreStart.c,
        // The machine is shared: the spread of the runs says how far a median can be trusted.
        a_core_start_min_ms: Math.min(...fromCore.a),
        a_core_start_max_ms: Math.max(...fromCore.a),
        b_core_start_min_ms: Math.min(...fromCore.b),
        b_core_start_max_ms: Math.max(...fromCore.b),
        c_core_start_min_ms: Math.min(...fromCore.c),
        c_core_start_max_ms: Math.max(...fromCore.c),
        a_cpu_core_start_to_inbox_median_ms: median(cpuToInbox.a),
        b_cpu_core_start_to_inbox_median_ms: median(cpuToInbox.b),
        c_cpu_core_start_to_inbox_median_ms: median(cpuToInbox.c),
        ratio_a_vs_b_core_start: fromCoreStart.a / fromCoreStart.b,
        ratio_c_vs_b_core_start: fromCoreStart.c / fromCoreStart.b,
      };
      return Object.fromEntries(Object.entries(m).map(([k, v]) => [prefix + k, v]));
    },
  };
}

export default async function (): Promise<BenchResult> {
  // One server per account: a channel's history then holds only what its reader received,
  // which is what the kept messages follow (a message the user never received is not kept).
  const servers = await Promise.all(
    Array.from({ length: ACCOUNTS }, () => startServer({ rateLimit: false })),
  );
  const readers = servers.map((server) => {
    const humans = server.users.filter((u) => !u.email.includes('bot'));
    seedTopics(server, humans[1]!, humans[0]!, 'general', UNREAD_PER_ACCOUNT);
    return humans[0]!;
  });
  let proxies = await Promise.all(servers.map((server) => latencyProxy(server.url)));
  const ports = proxies.map((proxy) => (proxy.address() as AddressInfo).port);
  const closeProxies = () =>
    Promise.all(
      proxies.map(
        (proxy) =>
          new Promise<void>((r) => {
            proxy.close(() => r());
            proxy.closeAllConnections();
          }),
      ),
    );
  const base = await mkdtemp(join(tmpdir(), 'perch-bench-cache-'));
  const seedDir = join(base, 'seed');
  const keyFile = join(base, 'keychain.json');
  // Inside the tree: the bundle's external packages (keytar, dbus-next) resolve from its
  // node_modules.
  const script = await bundleHost(join(root, 'dist-bench'));
  // PERCH_BENCH_HOST_DIR=<checkout>: that checkout's host too, bundled here with this tree's
  // options, run on the same seed and servers in every run, alternating which goes first.
  const otherDir = process.env.PERCH_BENCH_HOST_DIR;
  const otherScript = otherDir
    ? await bundleHost(join(root, 'dist-bench', 'other'), otherDir)
    : undefined;

  // One session that signs in, opens a narrow of 2000 messages per account, and quits.
  const core = await createCore({
    dataDir: seedDir,
    version: 'bench',
    transport: 'web',
    secrets: new FileKeychain(keyFile),
  });
  const accountIds: string[] = [];
  for (const [i, reader] of readers.entries()) {
    const signed = await core.invoke('accounts.signInWithKey', {
      serverUrl: `http://127.0.0.1:${ports[i]}`,
      email: reader.email,
      apiKey: reader.api_key,
      allowInsecure: true,
    });
    if (!signed.ok) throw new Error(signed.error.message);
    accountIds.push((signed.result as { id: string }).id);
  }
  for (;;) {
    const s = await core.invoke('sync.status', {});
    const all = s.ok ? (s.result as { health: { state: string } }[]) : [];
    if (all.filter((x) => x.health.state === 'polling').length === ACCOUNTS) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  // The first presence reports of every account come as events, and a page fetched across
  // an event is not kept: the narrows are opened once they have passed.
  await new Promise((r) => setTimeout(r, 2000));
  for (const accountId of accountIds) {
    let anchor: number | 'newest' = 'newest';
    for (let fetched = 0; fetched < KEPT_PER_ACCOUNT; fetched += 1000) {
      const page = await core.invoke('messages.fetch', {
        accountId,
        narrow: [{ operator: 'channel', operand: 'general' }],
        anchor,
        includeAnchor: anchor === 'newest',
        numBefore: 1000,
        numAfter: 0,
      });
      if (!page.ok) throw new Error(page.error.message);
      anchor = (page.result as { messages: { id: number }[] }).messages[0]!.id;
    }
  }
  await core.close();
  const cacheFiles = await readdir(join(seedDir, 'cache'));
  let cacheBytes = 0;
  for (const f of cacheFiles) cacheBytes += (await stat(join(seedDir, 'cache', f))).size;

  const fresh = async () => {
    const dir = join(base, `run-${Math.random().toString(36).slice(2)}`);
    await cp(seedDir, dir, { recursive: true });
    return dir;
  };

  // One snapshot write of 10 000 messages, five times: the Core's own write (the kept
  // messages collected, encoded, sealed and written), in a process that holds only the
  // account's state (bench/cache-snapshot-write.ts says why).
  const writer = await snapshotWrites(await fresh(), keyFile, 5);
  const cpu = writer.cpu;
  const sealedBytes = writer.bytes;

  // One start of each host first, not counted: it writes its code cache, as a user's first
  // start does, so the runs measure a start of a Perch that has run before.
  codeCacheBase = join(base, 'code-cache');
  for (const script_ of [script, ...(otherScript ? [otherScript] : [])]) {
    await host(script_, await fresh(), keyFile, 'cache', 'warm-up, not counted: ');
  }
  if (process.env.PERCH_BENCH_KEEP) console.log(`seed kept in ${base}`);
  const mine = measured();
  const other = measured();
  const hosts = otherScript
    ? [
        { script, into: mine },
        { script: otherScript, into: other },
      ]
    : [{ script, into: mine }];
  for (let i = 0; i < RUNS; i++) {
    for (const { script: host_, into } of i % 2 === 0 ? hosts : [...hosts].reverse()) {
      const a = await host(host_, await fresh(), keyFile, 'cache');
      into.add('a', a);
      into.rss.cache.push(a.rssMb);
      const bDir = await fresh();
      await rm(join(bDir, 'cache'), { recursive: true, force: true });
      const b = await host(host_, bDir, keyFile, 'nocache');
      into.add('b', b);
      into.rss.nocache.push(b.rssMb);
      await closeProxies();
      into.add('c', await host(host_, await fresh(), keyFile, 'cache'));
      proxies = await Promise.all(servers.map((server, j) => latencyProxy(server.url, ports[j])));
    }
  }
  await closeProxies();
  await Promise.all(servers.map((server) => server.close()));
  if (!process.env.PERCH_BENCH_KEEP) await rm(base, { recursive: true, force: true });

  const { a, b, c } = mine.medians();
  const snapshotCpu = median(cpu);
  const rssWith = median(mine.rss.cache);
  const rssWithout = median(mine.rss.nocache);
  return {
    name: `Start from the cache: ${ACCOUNTS} accounts, ${ACCOUNTS * UNREAD_PER_ACCOUNT} unread, ${ACCOUNTS * KEPT_PER_ACCOUNT} kept`,
    metrics: {
      ...mine.metrics(''),
      cache_bytes_per_10000_messages: (cacheBytes / (ACCOUNTS * KEPT_PER_ACCOUNT)) * 10_000,
      sealed_snapshot_of_10000_messages_bytes: sealedBytes,
      snapshot_write_cpu_10000_messages_median_ms: snapshotCpu,
      snapshot_write_cpu_10000_messages_min_ms: Math.min(...cpu),
      snapshot_write_cpu_10000_messages_max_ms: Math.max(...cpu),
      idle_rss_with_cache_mb: rssWith,
      idle_rss_without_cache_mb: rssWithout,
      ratio_idle_rss_with_vs_without: rssWith / rssWithout,
      ...(otherScript ? other.metrics('other_') : {}),
    },
    // From the host process's start, as the issue counts (medians).
    targets: [
      { label: '(a) under 1.0 s from the process start', pass: a < 1000 },
      { label: '(c) under 1.0 s from the process start', pass: c < 1000 },
      {
        label: '(a) and (c) at most a third of (b), from the process start',
        pass: a <= b / 3 && c <= b / 3,
      },
      { label: 'one snapshot write of 10 000 messages under 50 ms of CPU', pass: snapshotCpu < 50 },
      {
        label: 'idle RSS with the cache within 10% of without',
        pass: Math.abs(rssWith / rssWithout - 1) <= 0.1,
      },
    ],
  };
}

/**
 * The Core as a host process runs it, for bench/cache-start.bench.ts: started on a data
 * directory with a keychain kept in a file (a bench's stand-in for the OS keychain), it
 * prints, as one JSON line, when every account's Inbox first had rows (ms since this
 * process started, and from the end of module loading), the CPU time from the end of module
 * loading to then, and its resident memory a few seconds later (with V8's heap spaces when
 * PERCH_BENCH_SPACES is set, and a heap snapshot into PERCH_BENCH_HEAP_SNAPSHOT's folder).
 *
 *   node --import tsx bench/cache-start-host.ts <data dir> <keychain file> cache|nocache
 */
import { join } from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { createCore } from '../src/core/core.ts';
import { FileKeychain } from './file-keychain.ts';

const [dataDir, keyFile, mode] = process.argv.slice(2) as [string, string, string];

if (mode) {
  // Module loading (tsx compiling the sources) ends here: the shipped host is one bundle.
  const loadedMs = performance.now();
  const loadedCpu = process.cpuUsage();
  // CPU from the process's start to here (Node's boot, compiling and evaluating the bundle).
  const loadedCpuMs = (loadedCpu.user + loadedCpu.system) / 1000;
  const secrets = new FileKeychain(keyFile, mode === 'cache' ? 'keychain' : 'memory');
  // As the shipped hosts make it (src/web/cli.ts): pushes and trusted results not checked.
  const core = await createCore({
    dataDir,
    version: 'bench',
    transport: 'web',
    secrets,
    checkPushes: false,
    checkResults: false,
  });
  const coreMs = performance.now();
  const accounts = 5;
  // How many Inbox reads it took, and how many accounts had rows in each: whether the first
  // paint waited for something else.
  const polls: number[] = [];
  for (;;) {
    const r = await core.invoke('inbox.get', {});
    const list = r.ok ? (r.result as { accounts: { channels: unknown[] }[] }).accounts : [];
    const withRows = list.filter((a) => a.channels.length > 0).length;
    polls.push(withRows);
    if (withRows >= accounts) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now();
  // CPU time the Core took to its first Inbox: on a busy machine, steadier than the wall clock.
  const used = process.cpuUsage(loadedCpu);
  const cpuMs = (used.user + used.system) / 1000;
  // Idle: what the first seconds after the first paint settle to (the cache write included).
  // PERCH_BENCH_IDLE_MS=0 skips the wait, for timing starts alone (its RSS then means little).
  await new Promise((resolve) =>
    setTimeout(resolve, Number(process.env.PERCH_BENCH_IDLE_MS ?? 8000)),
  );
  const memory = process.memoryUsage();
  const rssMb = memory.rss / 1024 / 1024;
  // Where the resident memory is: V8's heap (used of committed) and what lives outside it.
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  const heap = {
    used: mb(memory.heapUsed),
    total: mb(memory.heapTotal),
    external: mb(memory.external),
  };
  // PERCH_BENCH_SPACES=1: V8's heap spaces too (committed MB), to find which holds the difference.
  const spaces = process.env.PERCH_BENCH_SPACES
    ? Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]))
    : undefined;
  // PERCH_BENCH_HEAP_SNAPSHOT=<dir>: what is live then (a snapshot collects the garbage first).
  const snapshotDir = process.env.PERCH_BENCH_HEAP_SNAPSHOT;
  if (snapshotDir) writeHeapSnapshot(join(snapshotDir, `${mode}-${process.pid}.heapsnapshot`));
  process.stdout.write(
    `${JSON.stringify({ readyMs, loadedMs, loadedCpuMs, coreMs, cpuMs, rssMb, heap, polls, spaces, arrayBuffers: mb(memory.arrayBuffers) })}\n`,
  );
  await core.close();
  process.exit(0);
}

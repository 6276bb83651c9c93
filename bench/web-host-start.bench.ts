/**
 * The browser-mode host started from its esbuild bundle against the same host through tsx (as
 * `npm run web` ran it before), side by side, alternating, 5 runs each: time from spawn to the
 * printed URL, and the host's resident memory once the demo has loaded its first screen's data
 * (the URL is printed after the demo is signed in).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopTree } from '../tests/e2e/support/process-tree.ts';
import { webHostNodeArgs } from '../tests/e2e/support/web-host-command.ts';
import type { BenchResult } from './types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;

const variants = {
  bundle: webHostNodeArgs(),
  tsx: ['--import', 'tsx', 'src/web/cli.ts'],
} as const;

async function once(args: readonly string[]): Promise<{ urlMs: number; rssMb: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-web-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args, '--demo', '--data-dir', dataDir], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const urlMs = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Open: ')) resolve(performance.now() - t0);
      });
      child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${out}`)));
    });
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return { urlMs, rssMb: rssKb / 1024 };
  } finally {
    await stopTree(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function (): Promise<BenchResult> {
  type Run = { urlMs: number; rssMb: number };
  const seen: Record<'bundle' | 'tsx', Run[]> = { bundle: [], tsx: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const name of ['bundle', 'tsx'] as const) seen[name].push(await once(variants[name]));
  }
  const m = (name: keyof typeof seen, key: 'urlMs' | 'rssMb') =>
    median(seen[name].map((r) => r[key]));
  return {
    name: 'browser-mode host start: bundle vs tsx',
    metrics: {
      bundle_time_to_url_median_ms: m('bundle', 'urlMs'),
      tsx_time_to_url_median_ms: m('tsx', 'urlMs'),
      bundle_rss_at_url_median_mb: m('bundle', 'rssMb'),
      tsx_rss_at_url_median_mb: m('tsx', 'rssMb'),
      ratio_time_tsx_vs_bundle: m('tsx', 'urlMs') / m('bundle', 'urlMs'),
      ratio_rss_tsx_vs_bundle: m('tsx', 'rssMb') / m('bundle', 'rssMb'),
    },
    targets: [
      {
        label: 'the bundle starts faster than tsx',
        pass: m('bundle', 'urlMs') < m('tsx', 'urlMs'),
      },
      {
        label: 'the bundle uses less memory than tsx',
        pass: m('bundle', 'rssMb') < m('tsx', 'rssMb'),
      },
    ],
  };
}

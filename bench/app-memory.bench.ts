/**
 * The whole app's memory and idle cost, as a user runs it in browser
 * mode: the bundled host (`dist-web/cli.mjs --demo` with `npm run web`'s Node flags, its own process) and the page's
 * Chromium renderer process, together.
 *
 * 1. The demo plus 4 accounts (4 people of a reference server started here, reached
 *    through a counting proxy), 10 000 messages browsed: 2 500 per account fetched
 *    through the page's own bridge (`messages.fetch`, newest first, pages of 500), as the
 *    Messages view does when scrolled; then the Messages view shown.
 * 2. Idle on Messages for a minute (the demo keeps chatting): host RSS + renderer RSS
 *    (/proc of the host pid and of the renderer pid CDP's SystemInfo.getProcessInfo
 *    names), CPU seconds in that minute (host from /proc, renderer from CDP), and the
 *    requests the 4 accounts made other than their event long-polls. Presence reports
 *    are counted apart: they go on upstream's cadence (one per account a
 *    minute while a window is open), or others would see the user go offline.
 * 3. 5 000 incoming messages to those accounts' channels over about 30 s, then RSS again
 *    a minute later.
 *
 * Runs in under 3 minutes: `npx vite build && node scripts/build-web.mjs &&
 * bash scripts/with-keyring.sh npx tsx bench/run.ts app-memory`.
 * PERCH_BENCH_HOST_DIR=<checkout> runs that checkout's built host (its `dist-web`, which
 * serves its own page) instead of this one's, so two builds are measured the same way.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { messaging } from '../src/server/messages/service.ts';
import { startServer } from '../src/server/index.ts';
import type { UserRecord } from '../src/server/state/types.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { stopTree } from '../tests/e2e/support/process-tree.ts';
import { HOST_INSPECT_PORT, PROFILE_DIR, startIdleProfiles } from './idle-profile.ts';
import { tileMemoryMb } from './tile-memory.ts';
import { webHostNodeArgs } from '../tests/e2e/support/web-host-command.ts';
import type { BenchResult } from './types.ts';
import { DEFAULT_LIVE_CHECK_EVERY_MS } from '../src/core/sync/live-check.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** PERCH_BENCH_HOST_DIR=<checkout>: run that checkout's built host instead of this one's. */
const HOST_DIR = process.env.PERCH_BENCH_HOST_DIR ?? root;
const ACCOUNTS = 4;
const BROWSED = 10_000;
const IDLE_MS = 60_000;
const BURST = 5_000;
/** The "after a minute": from the burst's end to the figure. */
const SETTLE_MS = 60_000;
const TARGET_MB = 300;
const TARGET_CPU_S = 1;
/** PERCH_BENCH_SETTLED=1: a second idle minute, measured after the first. */
const SETTLED = process.env.PERCH_BENCH_SETTLED === '1';

async function procStat(pid: number): Promise<{ rssMb: number; cpuS: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024, cpuS: ticks / 100 };
}

/**
 * How much of a process's RSS is its own executable's pages (Node's code and the ICU data
 * compiled into it): shared with every other process of that binary, and paged in by what
 * the process first uses (a date formatter's ICU data, say), not by what it holds.
 */
async function binaryMb(pid: number): Promise<number> {
  const exe = await readlink(`/proc/${pid}/exe`);
  let kb = 0;
  let inExe = false;
  for (const line of (await readFile(`/proc/${pid}/smaps`, 'utf8')).split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) inExe = mapping[1] === exe;
    else if (inExe) kb += Number(/^Rss:\s+(\d+)/.exec(line)?.[1] ?? 0);
  }
  return kb / 1024;
}

const isPresence = (request: string) =>
  request === 'POST /api/v1/users/me/presence' || request === 'GET /api/v1/realm/presence';
/**
 * The live check of a quiet server's long-polls (src/core/sync/live-check.ts): while a window
 * shows the connection, one GET /server_settings per server after each 7 s in which none of
 * its polls was answered, so the footer says "not answering" within seconds of a silent
 * server. Part of the long-polls' own cost, counted apart and bounded.
 */
const isLiveCheck = (request: string) => request === 'GET /api/v1/server_settings';
/** Servers behind the counting proxy: the four accounts share one. */
const PROXIED_SERVERS = 1;

/** Forwards every request to `target`, noting those that are not event long-polls. */
function countingProxy(target: string): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    if (!(req.method === 'GET' && req.url?.startsWith('/api/v1/events'))) {
      seen.push(`${req.method} ${req.url?.split('?')[0]}`);
    }
    const out = request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    }),
  );
}

async function startHost(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      ...(PROFILE_DIR ? [`--inspect=127.0.0.1:${HOST_INSPECT_PORT}`] : []),
      ...webHostNodeArgs(),
      '--demo',
      '--data-dir',
      dataDir,
      '--secret-store',
      'memory',
    ],
    { cwd: HOST_DIR, detached: true, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Open: (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${out}`)));
  });
  return { child, url };
}

/** The page's bridge, as the views use it. */
function invoke(page: Page, channel: string, args: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ channel, args }) => {
      const r = await window.perch!.invoke(channel as never, args as never);
      if (!r.ok) throw new Error(r.error.message);
      return r.result;
    },
    { channel, args },
  );
}

export default async function (): Promise<BenchResult> {
  const server = await startServer({ demo: { seed: 7, messages: 4000 } });
  const proxy = await countingProxy(server.url);
  const dataDir = await mkdtemp(join(tmpdir(), 'perch-bench-app-'));
  const host = await startHost(dataDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await browser.newBrowserCDPSession();
    await page.goto(host.url);
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    const people = server.users.filter((u) => !u.is_bot && u.role !== 600).slice(0, ACCOUNTS);
    const ids: string[] = [];
    for (const u of people) {
      const { id } = (await invoke(page, 'accounts.signInWithKey', {
        serverUrl: proxy.url,
        email: u.email,
        apiKey: u.api_key,
        allowInsecure: true,
      })) as { id: string };
      ids.push(id);
    }
    // Browsing: each account's history, newest first, as the Messages view scrolls it.
    for (const accountId of ids) {
      let anchor: number | 'newest' = 'newest';
      for (let got = 0; got < BROWSED / ACCOUNTS;) {
        const page_ = (await invoke(page, 'messages.fetch', {
          accountId,
          narrow: [],
          anchor,
          numBefore: 500,
          numAfter: 0,
          includeAnchor: false,
        })) as { messages: { id: number }[]; foundOldest: boolean };
        got += page_.messages.length;
        if (page_.foundOldest || page_.messages.length === 0) break;
        anchor = page_.messages[0]!.id;
      }
    }
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Messages' })
      .click();

    /**
     * The page's renderer: of the browser's renderer processes, the one that has done the
     * work (a spare one may wait beside it). Summing them would count shared pages twice.
     */
    const renderer = async () => {
      const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; id: number; cpuTime: number }[];
      };
      const page = info.processInfo
        .filter((x) => x.type === 'renderer')
        .sort((a, b) => b.cpuTime - a.cpuTime)[0]!;
      return { pid: page.id, cpuS: page.cpuTime, rssMb: (await procStat(page.id)).rssMb };
    };
    const snapshot = async () => {
      const h = await procStat(host.child.pid!);
      const r = await renderer();
      return { hostMb: h.rssMb, rendererMb: r.rssMb, hostCpu: h.cpuS, rendererCpu: r.cpuS };
    };
    await new Promise((d) => setTimeout(d, 5_000));
    const idleStart = await snapshot();
    const seenBefore = proxy.seen.length;
    const pageCdp = await page.context().newCDPSession(page);
    const stopProfiles = await startIdleProfiles(pageCdp);
    await new Promise((d) => setTimeout(d, IDLE_MS));
    const idleEnd = await snapshot();
    const hostBinaryMb = await binaryMb(host.child.pid!);
    const tilesMb = await tileMemoryMb(cdp, (await renderer()).pid);
    await stopProfiles();
    const idleRequests = proxy.seen.slice(seenBefore);
    const presence = idleRequests.filter(isPresence).length;
    const liveChecks = idleRequests.filter(isLiveCheck).length;
    const requests = idleRequests.length - presence - liveChecks;
    if (requests > 0) console.log(`requests while idle: ${idleRequests.join(', ')}`);
    const heap = (await pageCdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const idleCpu =
      idleEnd.hostCpu - idleStart.hostCpu + (idleEnd.rendererCpu - idleStart.rendererCpu);
    const idleMb = idleEnd.hostMb + idleEnd.rendererMb;
    // The first idle minute still holds what browsing left to do (each process's garbage
    // collector giving back what the 10 000 messages' fetching allocated); the next one is
    // the steady rate. Optional: it adds a minute to the run.
    let settled: Record<string, number> = {};
    if (SETTLED) {
      await new Promise((d) => setTimeout(d, IDLE_MS));
      const end = await snapshot();
      const hostCpu = end.hostCpu - idleEnd.hostCpu;
      const rendererCpu = end.rendererCpu - idleEnd.rendererCpu;
      settled = {
        settled_idle_cpu_s_per_min: hostCpu + rendererCpu,
        settled_idle_host_cpu_s: hostCpu,
        settled_idle_renderer_cpu_s: rendererCpu,
        settled_idle_total_rss_mb: end.hostMb + end.rendererMb,
      };
    }

    // The burst: into every channel the four people read, spread over about 30 s.
    const m = messaging(server.ctx);
    const channels = [...server.state.channels.values()].filter((c) => !c.invite_only);
    const sender = server.state.users.get(
      server.users.find((u) => u.is_bot)!.user_id,
    ) as UserRecord;
    for (let i = 0; i < BURST; i++) {
      const c = channels[i % channels.length]!;
      m.send({ sender, streamId: c.stream_id, topic: `burst ${i % 40}`, content: `burst ${i}` });
      if (i % 100 === 99) await new Promise((d) => setTimeout(d, 600));
    }
    await new Promise((d) => setTimeout(d, SETTLE_MS));
    const after = await snapshot();
    const afterMb = after.hostMb + after.rendererMb;
    return {
      name: `app memory: browser mode, demo + ${ACCOUNTS} accounts, ${BROWSED} messages browsed`,
      metrics: {
        idle_host_rss_mb: idleEnd.hostMb,
        idle_host_binary_pages_mb: hostBinaryMb,
        idle_renderer_rss_mb: idleEnd.rendererMb,
        idle_total_rss_mb: idleMb,
        idle_cpu_s_per_min: idleCpu,
        idle_host_cpu_s: idleEnd.hostCpu - idleStart.hostCpu,
        idle_renderer_cpu_s: idleEnd.rendererCpu - idleStart.rendererCpu,
        idle_page_js_heap_mb: heap.usedSize / 2 ** 20,
        idle_renderer_tiles_mb: tilesMb,
        idle_requests_besides_longpolls_and_presence: requests,
        idle_presence_reports: presence,
        idle_live_checks: liveChecks,
        ...settled,
        after_burst_host_rss_mb: after.hostMb,
        after_burst_renderer_rss_mb: after.rendererMb,
        after_burst_total_rss_mb: afterMb,
        load: (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' '),
      },
      targets: [
        {
          label: `idle on Messages: host + renderer RSS at most ${TARGET_MB} MB`,
          pass: idleMb <= TARGET_MB,
        },
        {
          label: `idle CPU (host + renderer) at most ${TARGET_CPU_S} s a minute`,
          pass: idleCpu <= TARGET_CPU_S,
        },
        {
          label: 'no request besides the long-polls, their live checks and presence while idle',
          pass: requests === 0,
        },
        {
          label: 'live checks at most one per quiet server every 7 s',
          pass: liveChecks <= PROXIED_SERVERS * Math.ceil(IDLE_MS / DEFAULT_LIVE_CHECK_EVERY_MS),
        },
        {
          label: `presence on upstream's cadence: at most one report per account a minute`,
          pass: presence <= ACCOUNTS,
        },
        {
          label: 'after 5 000 incoming messages: within 10% of idle',
          pass: afterMb <= idleMb * 1.1,
        },
      ],
    };
  } finally {
    await browser.close();
    await stopTree(host.child);
    proxy.server.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Figures for an edit, a topic move (change_all) and a flag change applied to a long
 * list of loaded messages, and how many rows each redraws.
 *
 * - pure application, Node: `applyEvent` on 5 000 loaded messages; how long, and how many
 *   messages lose their identity (a keyed list redraws exactly those).
 * - renderer, headless Chromium against browser mode and the reference server: the channel
 *   holds 5 000 messages and the list is scrolled to the oldest until it holds them all;
 *   measured there, then again at the newest end (where the list follows new messages).
 *   Time from the `messages.events` push arriving on the page's WebSocket to the list's DOM
 *   changed (the target) and to the list settled (rows measured and placed), and the rows
 *   (message blocks) whose DOM changed in that update, against the rows drawn that the
 *   event touched. The window is in the background throughout (see addInitScript).
 *
 * Needs the keychain: `bash scripts/with-keyring.sh npx tsx bench/run.ts renderer-message-events`.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { MessageWire } from '../src/contract/schemas/messages.ts';
import { applyEvent } from '../src/contract/message-events.ts';
import { messaging } from '../src/server/messages/service.ts';
import type { UserRecord } from '../src/server/state/types.ts';
import { message } from '../tests/unit/renderer/messages/message-fixture.ts';
import { startBrowserBench } from './browser-mode.ts';
import type { BenchResult } from './types.ts';

const LOADED = 5000;
const TOPICS = 50;
const NODE_RUNS = 200;
const WARMUP = 20;
const PAGE_RUNS = 40;
const TARGET_MS = 8;

type Kind = 'edit' | 'move' | 'flag';
const KINDS: Kind[] = ['edit', 'move', 'flag'];

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? NaN;
const quantile = (xs: number[], q: number) => sorted(xs)[Math.ceil(xs.length * q) - 1] ?? NaN;
const p95 = (xs: number[]) => quantile(xs, 0.95);
const p99 = (xs: number[]) => quantile(xs, 0.99);

/** The event the server would send for `kind` on message `id` (topic `t<id % TOPICS>`). */
function eventFor(kind: Kind, id: number, list: MessageWire[], run: number) {
  if (kind === 'flag') {
    return { type: 'update_message_flags', op: 'remove', flag: 'read', messages: [id], all: false };
  }
  const base = { type: 'update_message', user_id: 1, edit_timestamp: 2 + run, message_id: id };
  if (kind === 'edit') {
    return {
      ...base,
      rendered_content: `<p>edit ${run}</p>`,
      orig_content: 'x',
      message_ids: [id],
    };
  }
  const topic = list.find((m) => m.id === id)!.subject;
  const ids = list.filter((m) => m.subject === topic).map((m) => m.id);
  return {
    ...base,
    subject: `${topic} moved ${run}`,
    propagate_mode: 'change_all',
    message_ids: ids,
  };
}

function nodeFigures() {
  const ctx = { narrow: [], channelName: () => undefined };
  const out: Record<Kind, { times: number[]; changed: number; touched: number }> = {
    edit: { times: [], changed: 0, touched: 0 },
    move: { times: [], changed: 0, touched: 0 },
    flag: { times: [], changed: 0, touched: 0 },
  };
  for (const kind of KINDS) {
    let list = Array.from({ length: LOADED }, (_, i) =>
      message(i + 1, { subject: `t${(i + 1) % TOPICS}`, flags: ['read'] }),
    );
    for (let run = 0; run < NODE_RUNS; run++) {
      const id = 1 + ((run * 37) % LOADED);
      const event = eventFor(kind, id, list, run);
      const touched = new Set(
        'messages' in event ? event.messages : (event.message_ids as number[]),
      );
      const start = performance.now();
      const next = applyEvent(list, event, ctx).messages;
      // The first runs are the JIT warming up, not an event's cost.
      if (run >= WARMUP) out[kind].times.push(performance.now() - start);
      const changed = next.filter((m, i) => m !== list[i]).length;
      // Runs where an untouched message changed identity are the failures that matter.
      out[kind].changed = Math.max(out[kind].changed, changed);
      out[kind].touched = Math.max(out[kind].touched, touched.size);
      if (changed > touched.size) out[kind].changed = Infinity;
      list = next;
    }
  }
  return out;
}

/** Scrolls to the oldest loaded end until the timeline stops growing; its loaded count. */
async function loadMost(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    const loaded = await page.evaluate(async () => {
      const feed = document.querySelector('[data-testid="message-list"]') as HTMLElement;
      feed.scrollTop = 0;
      await new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)));
      for (let i = 0; i < 400 && feed.getAttribute('aria-busy') === 'true'; i++) {
        await new Promise((d) => setTimeout(d, 25));
      }
      return Number(feed.dataset.loaded);
    });
    if (loaded === last) return loaded;
    last = loaded;
  }
}

interface Timed {
  /** Push to the first change of the list's DOM. */
  ms: number;
  /** Push to the first task after it: the list has also measured and placed its rows. */
  settled: number;
  rows: number[];
}

/**
 * Arms the page for the next `messages.events` push: resolves with the times from its
 * arrival to the first change of the list's DOM and to the list settled, and the message
 * blocks changed in that update and the frame after it.
 */
async function arm(page: Page): Promise<() => Promise<Timed>> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __pushAt?: number;
      __timed?: Promise<Timed>;
    };
    w.__pushAt = undefined;
    const box = document.querySelector('[data-testid="message-list"] .rows') as HTMLElement;
    w.__timed = new Promise((done) => {
      const rows = new Set<number>();
      let ms = NaN;
      // An event that never reaches the list counts as infinitely slow rather than hanging.
      setTimeout(() => {
        if (!Number.isNaN(ms)) return;
        observer.disconnect();
        done({ ms: Infinity, settled: Infinity, rows: [] });
      }, 5000);
      const observer = new MutationObserver((records) => {
        if (w.__pushAt === undefined) return;
        if (Number.isNaN(ms)) {
          const pushAt = w.__pushAt;
          ms = performance.now() - pushAt;
          // A task runs once the microtasks drain: the list has measured and placed its rows.
          let settled = NaN;
          setTimeout(() => (settled = performance.now() - pushAt), 0);
          requestAnimationFrame(() =>
            setTimeout(() => {
              observer.disconnect();
              done({ ms, settled, rows: [...rows] });
            }, 0),
          );
        }
        for (const r of records) {
          const nodes = [r.target, ...r.addedNodes, ...r.removedNodes];
          for (const n of nodes) {
            const el = n instanceof Element ? n : n.parentElement;
            const block = el?.closest('.block');
            if (block && box.contains(block)) rows.add(Number(block.getAttribute('data-key')));
            else if (n instanceof Element && n.matches('.block'))
              rows.add(Number(n.getAttribute('data-key')));
          }
        }
      });
      observer.observe(box, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    });
  });
  return () => page.evaluate(() => (window as unknown as { __timed: Promise<Timed> }).__timed);
}

/** Scrolls to the newest end; the list holds all messages, so nothing more loads. */
async function scrollToNewest(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const feed = document.querySelector('[data-testid="message-list"]') as HTMLElement;
    // Rows are measured as they are drawn, so the end moves until they all have been.
    for (let i = 0; i < 20 && feed.scrollTop + feed.clientHeight < feed.scrollHeight - 2; i++) {
      feed.scrollTop = feed.scrollHeight;
      await new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)));
    }
  });
}

/**
 * With PERCH_BENCH_PROFILE=<file.cpuprofile>, records the page's JavaScript while the events
 * are measured (open it in Chromium's DevTools); otherwise does nothing.
 */
async function profile(page: Page): Promise<() => Promise<void>> {
  const file = process.env.PERCH_BENCH_PROFILE;
  if (!file) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
  };
}

interface PageRuns {
  times: Record<Kind, number[]>;
  settled: Record<Kind, number[]>;
  extraRows: number;
  missedRows: number;
  drawn: number;
}

type Call = (method: string, path: string, params: Record<string, string>) => Promise<void>;

/** Each kind of event PAGE_RUNS times on rows drawn, through the server's HTTP API. */
async function measurePage(
  page: Page,
  sent: { id: number; topic: string }[],
  call: Call,
): Promise<PageRuns> {
  const times: Record<Kind, number[]> = { edit: [], move: [], flag: [] };
  const settled: Record<Kind, number[]> = { edit: [], move: [], flag: [] };
  let extraRows = 0;
  let missedRows = 0;
  let drawn = 0;
  const unread = new Set<number>();
  for (let i = 0; i < PAGE_RUNS; i++) {
    for (const kind of KINDS) {
      const shown = await page
        .locator('[data-testid="message-list"] .rows .block')
        .evaluateAll((bs) => bs.map((b) => Number(b.getAttribute('data-key'))));
      drawn = shown.length;
      const id = shown[(i * 7) % shown.length]!;
      const entry = sent.find((s) => s.id === id);
      if (!entry) throw new Error(`message ${id} is not one the bench sent`);
      let touched = [id];
      const timed = await arm(page);
      if (kind === 'edit') {
        await call('PATCH', `/messages/${id}`, { content: `edited ${i}` });
      } else if (kind === 'flag') {
        // Unread, then read again when the same row comes round: every event changes the row.
        const op = unread.delete(id) ? 'add' : (unread.add(id), 'remove');
        await call('POST', '/messages/flags', { messages: JSON.stringify([id]), op, flag: 'read' });
      } else {
        const moved = `${entry.topic} moved ${i}`;
        touched = sent.filter((s) => s.topic === entry.topic).map((s) => s.id);
        for (const s of sent) if (s.topic === entry.topic) s.topic = moved;
        // No move notices: their new messages would be measured as part of the move.
        await call('PATCH', `/messages/${id}`, {
          topic: moved,
          propagate_mode: 'change_all',
          send_notification_to_old_thread: 'false',
          send_notification_to_new_thread: 'false',
        });
      }
      const result = await timed();
      const rows = result.rows;
      times[kind].push(result.ms);
      settled[kind].push(result.settled);
      const want = new Set(touched.filter((t) => shown.includes(t)));
      extraRows = Math.max(extraRows, rows.filter((r) => !want.has(r)).length);
      missedRows = Math.max(missedRows, [...want].filter((r) => !rows.includes(r)).length);
    }
  }

  return { times, settled, extraRows, missedRows, drawn };
}

export default async function run(): Promise<BenchResult> {
  const pure = nodeFigures();
  const { server, core, host, browser, close } = await startBrowserBench();
  try {
    const owner = server.users.find((u) => u.role === 100)!;
    const sender = server.state.users.get(owner.user_id) as UserRecord;
    const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
    const m = messaging(server.ctx);
    const sent: { id: number; topic: string }[] = [];
    for (let i = 0; i < LOADED; i++) {
      const topic = `t${i % TOPICS}`;
      sent.push({
        id: m.send({ sender, streamId: general.stream_id, topic, content: 'hi' }).id,
        topic,
      });
    }
    await core.invoke('accounts.signInWithKey', {
      serverUrl: server.url,
      email: owner.email,
      apiKey: owner.api_key,
    });
    const auth = `Basic ${Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64')}`;
    const call: Call = async (method, path, params) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    };

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      // A window in the background: else the read marker marks the rows a flag event made
      // unread read again, and that event lands in the middle of a later measurement.
      Document.prototype.hasFocus = () => false;
      const Native = window.WebSocket;
      const w = window as unknown as { __pushAt?: number };
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', (ev) => {
            if (typeof ev.data === 'string' && ev.data.includes('"messages.events"')) {
              w.__pushAt = performance.now();
            }
          });
        }
      };
    });
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    await page.getByRole('textbox', { name: 'Narrow' }).fill('channel:general');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.locator(`article[data-message-id="${sent.at(-1)!.id}"]`).waitFor();
    const loaded = await loadMost(page);
    const stopProfile = await profile(page);
    const oldest = await measurePage(page, sent, call);
    // Where a reader usually is when events arrive: the list then follows the newest end.
    await scrollToNewest(page);
    const newest = await measurePage(page, sent, call);
    await stopProfile();

    const metrics: Record<string, number | string> = {};
    const targets: { label: string; pass: boolean }[] = [
      { label: `the list holds all ${LOADED} messages`, pass: loaded === LOADED },
    ];
    for (const kind of KINDS) {
      metrics[`node_${kind}_5000_median_ms`] = median(pure[kind].times);
      metrics[`node_${kind}_5000_p99_ms`] = p99(pure[kind].times);
      metrics[`node_${kind}_changed_identities_max`] = pure[kind].changed;
      metrics[`node_${kind}_touched_messages_max`] = pure[kind].touched;
    }
    metrics.renderer_loaded_messages = loaded;
    for (const kind of KINDS) {
      targets.push({
        label: `${kind}: only touched messages change identity on ${LOADED} loaded (Node)`,
        pass: pure[kind].changed <= pure[kind].touched,
      });
    }
    for (const [end, runs] of [
      ['oldest', oldest],
      ['newest', newest],
    ] as const) {
      const { times, settled, extraRows, missedRows, drawn } = runs;
      metrics[`renderer_${end}_rows_drawn`] = drawn;
      for (const kind of KINDS) {
        metrics[`renderer_${end}_${kind}_median_ms`] = median(times[kind]);
        metrics[`renderer_${end}_${kind}_p95_ms`] = p95(times[kind]);
        metrics[`renderer_${end}_${kind}_p99_ms`] = p99(times[kind]);
        metrics[`renderer_${end}_${kind}_settled_median_ms`] = median(settled[kind]);
        metrics[`renderer_${end}_${kind}_settled_p95_ms`] = p95(settled[kind]);
        targets.push({
          label: `${kind} at the ${end} end: under ${TARGET_MS} ms per event, push to DOM, ${loaded} loaded (median)`,
          pass: median(times[kind]) < TARGET_MS,
        });
      }
      metrics[`renderer_${end}_untouched_rows_changed_max`] = extraRows;
      metrics[`renderer_${end}_touched_rows_not_updated_max`] = missedRows;
      targets.push({
        label: `at the ${end} end only the touched rows re-render (${loaded} loaded, ${drawn} drawn)`,
        pass: extraRows === 0 && missedRows === 0,
      });
    }
    return {
      name: `renderer: edit, move and flag events on ${LOADED} messages (${loaded} loaded in the list)`,
      metrics,
      targets,
    };
  } finally {
    await close();
  }
}

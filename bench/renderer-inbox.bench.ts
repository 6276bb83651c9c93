/**
 * Figures for the unified Inbox: five accounts with 20 000 unread messages in
 * 2 000 conversations (400 topics of 10 messages each, unread for each of the five), in
 * headless Chromium against browser mode and the reference server.
 *
 * - first paint: from pressing "Inbox" in the navigation to the first frame with topic
 *   rows drawn: asking the Core for every account's Inbox, checking it, and the windowed
 *   rows. Median of several openings.
 * - one incoming message, Core: applying the message event to an account's state (4 000
 *   unread, 400 conversations), bringing that account's kept Inbox up to date, finding the
 *   rows that changed since the last push, validating that patch against the contract and
 *   serializing it for the WebSocket: what the Core does per message.
 * - one incoming message, renderer: from the push's arrival on the page's WebSocket to the
 *   rows updated and laid out.
 *
 * Needs the keychain: `bash scripts/with-keyring.sh npx tsx bench/run.ts renderer-inbox`.
 * PERCH_BENCH_UPDATES sets the incoming messages timed (9); PERCH_BENCH_PROFILE=<file> writes
 * a CDP profile of the page over them (open it in Chromium's DevTools; its sampling interval
 * PERCH_BENCH_PROFILE_INTERVAL_US, 100 by default); PERCH_BENCH_TRACE=<file> a Chromium trace
 * of the page over them (Blink's style, layout and paint, which a CPU profile shows only as
 * time outside JavaScript). Both slow the page down: time with neither.
 */
import { writeFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { LiveInbox } from '../src/core/model/inbox-rows.ts';
import { diffInbox, KeyedBaseline } from '../src/contract/inbox-patch.ts';
import { InboxPatchWire } from '../src/contract/schemas/inbox.ts';
import { AccountState } from '../src/core/model/account-state.ts';
import { UnreadPlaces } from '../src/core/model/unread-summary.ts';
import { messaging } from '../src/server/messages/service.ts';
import {
  channelMessage,
  DESIGN,
  event,
  registerResponse,
} from '../tests/unit/core/sync/register-fixture.ts';
import { startBrowserBench } from './browser-mode.ts';
import { TIMELINE_CATEGORIES } from './trace-categories.ts';
import type { BenchResult } from './types.ts';

const ACCOUNTS = 5;
const TOPICS = 400;
const PER_TOPIC = 10;
const OPENINGS = 7;
const UPDATES = Number(process.env.PERCH_BENCH_UPDATES ?? 9);
const FIRST_PAINT_MS = 150;
const UPDATE_MS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Clicks a navigation section and resolves at the first frame with Inbox topic rows. */
function timeToRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="inbox-topic"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - start));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const nav = document.querySelector('nav[aria-label="Sections"]') as HTMLElement;
        const button = [...nav.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Inbox',
        );
        (button as HTMLElement).click();
      }),
  );
}

/**
 * One update's time, and its two parts: to the new row in the page (the push handled, the
 * rows made and the list drawn: script), then style and layout.
 */
interface Timed {
  ms: number;
  scriptMs: number;
  layoutMs: number;
}

/**
 * Arms the page to time the next inbox push: from its arrival on the WebSocket (the page's
 * first listener, installed before the app's) to the topic row `topic` drawn and laid out.
 */
async function armUpdate(page: Page, topic: string): Promise<() => Promise<Timed>> {
  await page.evaluate((name) => {
    const w = window as unknown as { __inboxPushAt?: number; __timed?: Promise<Timed> };
    w.__inboxPushAt = undefined;
    w.__timed = new Promise<Timed>((done) => {
      const observer = new MutationObserver(() => {
        const rows = document.querySelectorAll('[data-testid="inbox-topic"] button.open');
        if (![...rows].some((b) => b.textContent?.trim() === name)) return;
        observer.disconnect();
        const at = w.__inboxPushAt ?? performance.now();
        const drawn = performance.now();
        void document.body.offsetHeight;
        const end = performance.now();
        done({ ms: end - at, scriptMs: drawn - at, layoutMs: end - drawn });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, topic);
  return () => page.evaluate(() => (window as unknown as { __timed: Promise<Timed> }).__timed);
}

/**
 * With PERCH_BENCH_PROFILE=<file> and PERCH_BENCH_TRACE=<file>, records the page while the
 * updates are timed; otherwise does nothing.
 */
async function record(browser: Browser, page: Page): Promise<() => Promise<void>> {
  const file = process.env.PERCH_BENCH_PROFILE;
  const trace = process.env.PERCH_BENCH_TRACE;
  const cdp = file ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', {
      interval: Number(process.env.PERCH_BENCH_PROFILE_INTERVAL_US ?? 100),
    });
    await cdp.send('Profiler.start');
  }
  if (trace) {
    await browser.startTracing(page, { path: trace, categories: TIMELINE_CATEGORIES });
  }
  return async () => {
    if (trace) await browser.stopTracing();
    if (cdp && file) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
    }
  };
}

/** The Core's work for one incoming message on an account with 4 000 unread in 400 topics. */
function coreUpdateTimes(): number[] {
  const base = registerResponse();
  const streams = Array.from({ length: TOPICS }, (_, t) => ({
    stream_id: DESIGN,
    topic: `topic ${t}`,
    unread_message_ids: Array.from({ length: PER_TOPIC }, (_, i) => 1_000 + t * PER_TOPIC + i),
  }));
  const register = { ...base, unread_msgs: { ...base.unread_msgs, streams } };
  const state = new AccountState(register);
  const places = new UnreadPlaces(register);
  // As the account's store keeps it (src/core/store/account-store.ts).
  const inbox = new LiveInbox(state, places);
  const times: number[] = [];
  const baseline = new KeyedBaseline();
  const head = { accountId: 'a', connection: 'live' as const, stale: false, pending: [] };
  diffInbox(baseline, { ...head, ...inbox.current() });
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    const e = event('message', {
      message: channelMessage(100_000 + i, DESIGN, `topic ${i % TOPICS}`),
      flags: [],
    });
    places.follow(e, state.apply(e), state);
    inbox.follow(e);
    // What crosses is the rows that changed since the last push (src/core/inbox/service.ts).
    const patch = diffInbox(baseline, { ...head, ...inbox.current() });
    const wire = InboxPatchWire.parse({ ...patch, seq: ++baseline.seq });
    JSON.stringify({ topic: 'inbox.patch', payload: wire });
    times.push(performance.now() - start);
  }
  return times.slice(10);
}

export default async function run(): Promise<BenchResult> {
  const core = coreUpdateTimes();
  const { server, core: perch, host, browser, close } = await startBrowserBench();
  try {
    const m = messaging(server.ctx);
    const general = [...server.state.channels.values()].find((c) => c.name === 'general')!;
    const sender = server.state.users.get(server.users.find((u) => u.is_bot)!.user_id)!;
    for (let t = 0; t < TOPICS; t++) {
      for (let i = 0; i < PER_TOPIC; i++) {
        m.send({ sender, streamId: general.stream_id, topic: `topic ${t}`, content: 'hi' });
      }
    }
    const people = server.users.filter((u) => !u.is_bot && u.role !== 600).slice(0, ACCOUNTS);
    for (const u of people) {
      await perch.invoke('accounts.signInWithKey', {
        serverUrl: server.url,
        email: u.email,
        apiKey: u.api_key,
      });
    }
    // Every account's first registration done: its Inbox is live.
    for (;;) {
      const r = await perch.invoke('inbox.get', {});
      const accounts = r.ok ? (r.result as { accounts: { connection: string }[] }).accounts : [];
      if (accounts.length === ACCOUNTS && accounts.every((a) => a.connection === 'live')) break;
      await new Promise((d) => setTimeout(d, 100));
    }
    const unread = await perch.invoke('inbox.get', {});
    const counted = unread.ok
      ? (
          unread.result as {
            accounts: { channels: { topics: { unread: number }[] }[] }[];
          }
        ).accounts.flatMap((a) => a.channels.flatMap((c) => c.topics))
      : [];

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const Native = window.WebSocket;
      const w = window as unknown as { __inboxPushAt?: number };
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          this.addEventListener('message', (ev) => {
            if (typeof ev.data === 'string' && ev.data.includes('"inbox.patch"')) {
              w.__inboxPushAt = performance.now();
            }
          });
        }
      };
    });
    await page.goto(host.url);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('button', { name: 'Accounts' }).click();

    const paints: number[] = [];
    for (let i = 0; i < OPENINGS; i++) {
      paints.push(await timeToRows(page));
      await nav.getByRole('button', { name: 'Accounts' }).click();
    }
    await nav.getByRole('button', { name: 'Inbox' }).click();
    await page.getByTestId('inbox-topic').first().waitFor();

    const updates: number[] = [];
    const parts: Timed[] = [];
    const stop = await record(browser, page);
    for (let i = 0; i < UPDATES; i++) {
      // Newest first inside a channel: the new topic is drawn at the top, in view.
      const name = `fresh ${i}`;
      const timed = await armUpdate(page, name);
      m.send({ sender, streamId: general.stream_id, topic: name, content: 'new' });
      const t = await timed();
      updates.push(t.ms);
      parts.push(t);
    }
    await stop();

    const firstPaint = median(paints);
    const coreMs = median(core);
    const rendererMs = median(updates);
    return {
      name: `renderer: Inbox with ${ACCOUNTS} accounts, ${counted.reduce((s, t) => s + t.unread, 0)} unread in ${counted.length} conversations`,
      metrics: {
        first_paint_median_ms: firstPaint,
        first_paint_max_ms: Math.max(...paints),
        update_core_median_ms: coreMs,
        update_renderer_median_ms: rendererMs,
        update_core_plus_renderer_ms: coreMs + rendererMs,
        update_renderer_max_ms: Math.max(...updates),
        update_renderer_script_median_ms: median(parts.map((p) => p.scriptMs)),
        update_renderer_layout_median_ms: median(parts.map((p) => p.layoutMs)),
      },
      targets: [
        {
          label: `Inbox first paint under ${FIRST_PAINT_MS} ms (median)`,
          pass: firstPaint < FIRST_PAINT_MS,
        },
        {
          label: `an incoming message updates it in under ${UPDATE_MS} ms of Core plus renderer (median)`,
          pass: coreMs + rendererMs < UPDATE_MS,
        },
      ],
    };
  } finally {
    await close();
  }
}

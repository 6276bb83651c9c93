/**
 * Figures for the Messages view, in headless Chromium against browser mode and the reference
 * server: the time from opening a 1000-message narrow to its first screen of messages painted,
 * and the JS heap after scrolling a 50 000-message channel from newest to oldest, with the
 * rendered row counts along the way. Needs the keychain: run it through
 * `bash scripts/with-keyring.sh npx tsx bench/run.ts renderer-messages`.
 */
import type { Page } from '@playwright/test';
import { messaging } from '../src/server/messages/service.ts';
import type { UserRecord } from '../src/server/state/types.ts';
import { startBrowserBench } from './browser-mode.ts';
import type { BenchResult } from './types.ts';

const HISTORY = 50_000;
const NARROW_SIZE = 1000;
const OPENINGS = 7;
/** The list's own bound (MessageList.svelte). */
const MAX_ROWS = 60;

/** Clicks a sidebar button and resolves at the first frame with a row of `topic` drawn. */
function timeOpening(page: Page, button: string, topic: string): Promise<number> {
  return page.evaluate(
    ([label, wanted]) =>
      new Promise<number>((done) => {
        // No named inner functions: the bundler would wrap them in a helper the page lacks.
        const feed = document.querySelector('[data-testid="message-list"]') as HTMLElement;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          const rows = [...feed.querySelectorAll('article .where')];
          if (!rows.some((w) => w.textContent?.endsWith(`› ${wanted}`))) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - start));
        });
        observer.observe(feed, { childList: true, subtree: true });
        const selector = `button[aria-label^="${label}"][aria-label$=" in development"]`;
        (document.querySelector(selector) as HTMLElement).click();
      }),
    [button, topic] as const,
  );
}

/** Rows drawn after each step, and each step's time from the scroll to the batch drawn. */
async function scrollToOldest(
  page: Page,
  oldestId: number,
): Promise<{ counts: number[]; steps: number[] }> {
  const counts: number[] = [];
  const steps: number[] = [];
  for (;;) {
    const state = await page.evaluate(async (id) => {
      const feed = document.querySelector('[data-testid="message-list"]') as HTMLElement;
      const start = performance.now();
      feed.scrollTop = 0;
      await new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)));
      for (let i = 0; i < 400 && feed.getAttribute('aria-busy') === 'true'; i++) {
        await new Promise((d) => setTimeout(d, 25));
      }
      await new Promise((d) => requestAnimationFrame(d));
      return {
        ms: performance.now() - start,
        rows: feed.querySelectorAll('article').length,
        done: feed.querySelector(`article[data-message-id="${id}"]`) !== null,
      };
    }, oldestId);
    counts.push(state.rows);
    steps.push(state.ms);
    if (state.done) return { counts, steps };
  }
}

function richContent(topic: string, i: number): string {
  return [
    `${topic} ${i}: the fix :smile:`,
    '```python',
    `def area(r: float) -> float:`,
    `    return 3.14159 * r ** ${(i % 3) + 2}  # step ${i}`,
    '```',
    `> quoted from the review of step ${i}, with \`inline code\``,
    '',
    '```math',
    `a^2 + b^2 = c^${(i % 7) + 2}`,
    '```',
    `and inline $$x_${i % 10}$$ too.`,
  ].join('\n');
}

export default async function run(): Promise<BenchResult> {
  const bench = await startBrowserBench();
  const { server, close } = bench;
  try {
    const owner = server.users.find((u) => u.role === 100)!;
    const sender = server.state.users.get(owner.user_id) as UserRecord;
    const channels = [...server.state.channels.values()];
    const general = channels.find((c) => c.name === 'general')!.stream_id;
    const development = channels.find((c) => c.name === 'development')!.stream_id;
    const m = messaging(server.ctx);
    const oldest = m.send({ sender, streamId: general, topic: 'history', content: 'first' });
    for (let i = 1; i < HISTORY; i++) {
      m.send({ sender, streamId: general, topic: 'history', content: `message **${i}**` });
    }
    // Interleaved, so both topics are among the sidebar's recent ones. Rich in what the
    // rendered-content stylesheet and actions work on: highlighted code, a quote,
    // display and inline math, an emoji.
    for (let i = 0; i < 2 * NARROW_SIZE; i++) {
      const topic = i % 2 === 0 ? 'alpha' : 'beta';
      m.send({ sender, streamId: development, topic, content: richContent(topic, i) });
    }
    const page = await bench.openAsOwner();
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    // The sidebar lists the topics of the channel being read.
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^Channel development\b/ })
      .click();
    // The sidebar's: recipient bars name their topic the same way.
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^Topic alpha(, \d+ unread,)? in development$/ })
      .waitFor();

    const openings: number[] = [];
    for (let i = 0; i < OPENINGS; i++) {
      const topic = i % 2 === 0 ? 'beta' : 'alpha';
      openings.push(await timeOpening(page, `Topic ${topic}`, topic));
    }
    openings.sort((a, b) => a - b);
    const firstPaint = openings[Math.floor(openings.length / 2)] ?? NaN;

    await page.getByRole('textbox', { name: 'Narrow' }).fill('channel:general');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.locator(`article[data-message-id="${oldest.id + HISTORY - 1}"]`).waitFor();
    const { counts, steps } = await scrollToOldest(page, oldest.id);
    steps.sort((a, b) => a - b);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const maxRows = Math.max(...counts);

    return {
      name: 'renderer: open a 1000-message narrow, scroll 50 000 messages',
      metrics: {
        open_1000_first_paint_median_ms: firstPaint,
        open_1000_first_paint_max_ms: openings.at(-1) ?? NaN,
        scroll_steps: counts.length,
        // Each step fetches and inserts an older batch of 1000 into a list kept at 5 000.
        scroll_step_median_ms: steps[Math.floor(steps.length / 2)] ?? NaN,
        scroll_step_max_ms: steps.at(-1) ?? NaN,
        rendered_rows_max: maxRows,
        rendered_rows_at_oldest: counts.at(-1) ?? NaN,
        js_heap_after_50k_mb: heap.usedSize / 1024 / 1024,
      },
      targets: [{ label: `rendered rows stay at or under ${MAX_ROWS}`, pass: maxRows <= MAX_ROWS }],
    };
  } finally {
    await close();
  }
}

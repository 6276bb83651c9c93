/**
 * Figures for the People list with presence, in headless Chromium against browser mode and
 * the reference server with 10 000 users, a third of them active, a third idle and every
 * tenth with a status: the Messages sidebar's People list (first paint after pressing
 * "People", one filter keystroke) and one compose completion keystroke (`@` mention with the
 * presence dots), each beside the target the admin console's people list and compose's
 * completion already hold (150 ms first paint, 16 ms a keystroke). A keystroke is timed from
 * the input event to the rows laid out (a zero timeout after Svelte's microtask flush, then a
 * forced layout).
 *
 * Needs the keychain: `bash scripts/with-keyring.sh npx tsx bench/run.ts renderer-people-presence`.
 */
import type { Page } from '@playwright/test';
import { recordPresence } from '../src/server/presence/store.ts';
import { statusesOf } from '../src/server/presence/status.ts';
import { addUser } from '../src/server/state/factory.ts';
import { startBrowserBench } from './browser-mode.ts';
import type { BenchResult } from './types.ts';

const USERS = 10_000;
const ROUNDS = 5;
const FIRST_PAINT_MS = 150;
const KEYSTROKE_MS = 16;
const OPENINGS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Presses a button and resolves at the first frame with `selector` in the page. */
function timeToShow(page: Page, button: string, selector: string): Promise<number> {
  return page.evaluate(
    ([label, wanted]) =>
      new Promise<number>((done) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector(wanted)) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - start));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const b = [...document.querySelectorAll('button')].find(
          (x) => x.textContent?.trim() === label,
        );
        (b as HTMLElement).click();
      }),
    [button, selector] as const,
  );
}

/** Types `typed` into the field a letter at a time, `ROUNDS` times; each keystroke's time. */
function timeTyping(page: Page, field: string, typed: string, prefix = ''): Promise<number[]> {
  return page.evaluate(
    async ([selector, text, before, rounds]) => {
      const input = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement;
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i <= text.length; i++) {
          const start = performance.now();
          input.value = before + text.slice(0, i === text.length ? 0 : i + 1);
          input.setSelectionRange(input.value.length, input.value.length);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((d) => setTimeout(d, 0));
          void document.body.offsetHeight;
          times.push(performance.now() - start);
          await new Promise((d) => requestAnimationFrame(d));
        }
      }
      return times;
    },
    [field, typed, prefix, ROUNDS] as const,
  );
}

export default async function run(): Promise<BenchResult> {
  const bench = await startBrowserBench();
  const { server, close } = bench;
  try {
    const now = Math.floor(Date.now() / 1000);
    for (let i = 0; i < USERS; i++) {
      const u = addUser(server.state, {
        email: `person${i}@perch.test`,
        full_name: `Person ${String(i).padStart(5, '0')}`,
        role: 400,
        date_joined: 1_700_000_000 + i,
      });
      if (i % 3 === 0) recordPresence(server.state, u.user_id, 'active', now);
      else if (i % 3 === 1) recordPresence(server.state, u.user_id, 'idle', now);
      if (i % 10 === 0) {
        statusesOf(server.state).set(u.user_id, {
          status_text: 'In a meeting',
          emoji_name: 'calendar',
          emoji_code: '1f4c5',
          reaction_type: 'unicode_emoji',
          away: false,
        });
      }
    }
    const page = await bench.openAsOwner();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Messages' })
      .click();
    await page
      .getByText(/10\s?\d{3} people/)
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    const rows = 'section[aria-label="People"] li[data-user-id]';
    const paints: number[] = [];
    for (let i = 0; i < OPENINGS; i++) {
      await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      paints.push(await timeToShow(page, 'People', rows));
    }
    const filter = await timeTyping(
      page,
      'input[aria-label="Filter people by name"]',
      'person 0987',
    );
    const completion = await timeTyping(
      page,
      'textarea[aria-label="Message"]',
      'Person 098',
      'hello @',
    );
    const drawn = await page.locator(rows).count();

    const paint = median(paints);
    const keystroke = median(filter);
    const complete = median(completion);
    return {
      name: `renderer: People list and completion with presence of ${USERS} users`,
      metrics: {
        people_list_first_paint_median_ms: paint,
        people_list_first_paint_target_ms: FIRST_PAINT_MS,
        filter_keystroke_median_ms: keystroke,
        filter_keystroke_max_ms: Math.max(...filter),
        completion_keystroke_median_ms: complete,
        completion_keystroke_max_ms: Math.max(...completion),
        keystroke_target_ms: KEYSTROKE_MS,
        rendered_rows: drawn,
      },
      targets: [
        {
          label: `People list first paint under ${FIRST_PAINT_MS} ms (median)`,
          pass: paint < FIRST_PAINT_MS,
        },
        {
          label: `filter keystroke under ${KEYSTROKE_MS} ms (median)`,
          pass: keystroke < KEYSTROKE_MS,
        },
        {
          label: `completion keystroke under ${KEYSTROKE_MS} ms (median)`,
          pass: complete < KEYSTROKE_MS,
        },
      ],
    };
  } finally {
    await close();
  }
}

/**
 * Figures of the admin console's People list, in headless Chromium against browser mode and
 * the reference server with 10 000 users: the people list's first paint and the work of one
 * search keystroke.
 *
 * - list first paint: from pressing "← All people" on a person's page (the 10 000 rows are
 *   in the window already) to the first frame with the list's rows drawn: index, sort and
 *   the windowed rows. Also reported: opening the panel, which adds fetching and checking
 *   the 10 000 users through the Core (network and validation, not the list).
 * - search keystroke: from the input event to the rows updated and laid out (Svelte flushes
 *   in a microtask; a zero timeout runs after it; reading offsetHeight forces layout), so
 *   the figure is the keystroke's own work, not the wait for the next vsync.
 *
 * Needs the keychain: `bash scripts/with-keyring.sh npx tsx bench/run.ts renderer-people`.
 */
import type { Page } from '@playwright/test';
import { addUser } from '../src/server/state/factory.ts';
import { startBrowserBench } from './browser-mode.ts';
import type { BenchResult } from './types.ts';

const USERS = 10_000;
const OPENINGS = 7;
const TYPED = 'person 0987';
const ROUNDS = 5;
const FIRST_PAINT_MS = 150;
const KEYSTROKE_MS = 16;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Runs `act` in the page and resolves at the first frame with people rows drawn. */
function timeToRows(page: Page, act: 'back' | 'panel'): Promise<number> {
  return page.evaluate(
    (which) =>
      new Promise<number>((done) => {
        // No named inner functions: the bundler would wrap them in a helper the page lacks.
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[role="table"][aria-label="People"] [data-user-id]')) return;
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - start));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        const button =
          which === 'back'
            ? [...document.querySelectorAll('button')].find((b) =>
                b.textContent?.includes('All people'),
              )
            : (document.querySelector(
                'nav[aria-label="Admin panels"] button[data-panel="users"]',
              ) ??
              [...document.querySelectorAll('nav[aria-label="Admin panels"] button')].find(
                (b) => b.textContent?.trim() === 'Users',
              ));
        (button as HTMLElement).click();
      }),
    act,
  );
}

function timeKeystrokes(page: Page): Promise<number[]> {
  return page.evaluate(
    async ([typed, rounds]) => {
      const input = document.querySelector(
        'input[aria-label^="Search people by name or email"]',
      ) as HTMLInputElement;
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i <= typed.length; i++) {
          const start = performance.now();
          input.value = typed.slice(0, i === typed.length ? 0 : i + 1);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((d) => setTimeout(d, 0));
          void document.body.offsetHeight;
          times.push(performance.now() - start);
          await new Promise((d) => requestAnimationFrame(d));
        }
      }
      return times;
    },
    [TYPED, ROUNDS] as const,
  );
}

export default async function run(): Promise<BenchResult> {
  const bench = await startBrowserBench();
  const { server, close } = bench;
  try {
    for (let i = 0; i < USERS; i++) {
      addUser(server.state, {
        email: `person${i}@perch.test`,
        full_name: `Person ${String(i).padStart(5, '0')}`,
        role: [100, 200, 300, 400, 400, 400, 600][i % 7] as number,
        date_joined: 1_700_000_000 + i,
      });
    }
    const page = await bench.openAsOwner();
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Admin' })
      .click();
    const panelOpen = await timeToRows(page, 'panel');

    const paints: number[] = [];
    for (let i = 0; i < OPENINGS; i++) {
      await page
        .getByRole('table', { name: 'People' })
        .getByRole('button', { name: 'Olive Owner', exact: true })
        .click();
      await page.getByRole('button', { name: '← All people' }).waitFor();
      paints.push(await timeToRows(page, 'back'));
    }
    const keystrokes = await timeKeystrokes(page);
    const rendered = await page
      .locator('[role="table"][aria-label="People"] [data-user-id]')
      .count();

    const firstPaint = median(paints);
    const keystroke = median(keystrokes);
    return {
      name: `renderer: people list with ${USERS} users`,
      metrics: {
        list_first_paint_median_ms: firstPaint,
        list_first_paint_max_ms: Math.max(...paints),
        panel_open_with_fetch_ms: panelOpen,
        search_keystroke_median_ms: keystroke,
        search_keystroke_max_ms: Math.max(...keystrokes),
        keystrokes_measured: keystrokes.length,
        rendered_rows_after_search: rendered,
      },
      targets: [
        {
          label: `list first paint under ${FIRST_PAINT_MS} ms (median)`,
          pass: firstPaint < FIRST_PAINT_MS,
        },
        {
          label: `search keystroke under ${KEYSTROKE_MS} ms (median)`,
          pass: keystroke < KEYSTROKE_MS,
        },
      ],
    };
  } finally {
    await close();
  }
}

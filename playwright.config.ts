import { defineConfig } from '@playwright/test';
import { chromiumPath, testChromiumPath } from './tests/e2e/support/chromium.ts';

/**
 * End-to-end tests drive the renderer in Chromium against browser mode (src/web) backed by
 * the reference server. Debian's headless shell (/usr/bin/chromium-headless-shell, see
 * tests/e2e/support/chromium.ts) or its /usr/bin/chromium is used where present, Playwright's own
 * browser elsewhere; PERCH_CHROMIUM overrides both.
 */
const executablePath = testChromiumPath();

/**
 * The specs that show Web Notifications (`new Notification`, its permission prompt): the
 * headless shell has no notification service, so a granted page's notifications never
 * appear there. They run in the full browser; every other spec in the shell.
 */
const webNotificationSpecs = [
  /settings-notifications\.spec\.ts$/,
  /web-demo-first-minutes\.spec\.ts$/,
  /web-notifications\.spec\.ts$/,
];
const fullBrowser = chromiumPath();

const launchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Each test is its own unit of scheduling rather than each file: a file's tests went to one
  // worker in order, so a run ended with one worker going through the last long file (widths,
  // 12 tests) while the others sat idle, and the largest file (accessibility, 6 minutes) held
  // one worker alone. Tests do not depend on each other's order: each starts its own server and
  // Core (support/peers.ts), and a file with beforeAll hooks is split in one chunk per worker,
  // each running the hooks (https://playwright.dev/docs/test-parallel). Whole suite, 3 workers,
  // with the axe scans in legacy mode too: 15.9 min before (449 tests' durations summing to
  // 2717 s, load average 24-34), 12.9 and 14.0 min after (2216 and 2393 s, load 17-25).
  fullyParallel: true,
  // A worker spends most of a test waiting on its browser, server and Core: six specs run
  // alone took 50 CPU seconds for what was 82 s of their test time in CI, so two workers left
  // about a third of CI's two cores idle and a third fits. PERCH_E2E_WORKERS overrides it.
  workers: Number(process.env['PERCH_E2E_WORKERS']) || (process.env.CI ? 3 : 1),
  retries: 0,
  // Ceilings, not waits: every expectation polls for the state a user sees and passes the
  // moment it shows. They are wide because CI shares its cores with other work, and a busy
  // machine (load 6 on 2 cores) takes several times longer to show the same state.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  projects: [
    { name: 'chromium', testIgnore: webNotificationSpecs },
    {
      name: 'chromium-notifications',
      testMatch: webNotificationSpecs,
      use: {
        launchOptions: {
          ...launchOptions,
          ...(fullBrowser ? { executablePath: fullBrowser } : {}),
        },
      },
    },
  ],
  use: {
    headless: true,
    // Run here, a failed test keeps its trace (DOM snapshots of every step, network, console)
    // but not the screencast: encoding frames for every test, passed ones included, cost about
    // a tenth of the suite's time (two specs, 1 worker, alternated: 67-70 s against 59-62 s).
    // In CI no trace is recorded (PERCH_E2E_TRACE=1 records one): it is taken for every test
    // and thrown away with the passed ones, and nobody reads a failed one off CI's machine,
    // where the log's error and call log are what is seen. It cost 15-16% of the CPU of the
    // specs it ran in (admin-org 71.9 against 61.1 s; messages and compose 57.2 against
    // 48.0 s, trace on then off, 3 workers, `/usr/bin/time` over `npx playwright test`).
    trace:
      (process.env['PERCH_E2E_TRACE'] ?? (process.env.CI ? '0' : '1')) === '0'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions,
  },
});

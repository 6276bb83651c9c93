import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/support/chromium.ts';

/**
 * End-to-end tests drive the renderer in Chromium against browser mode (src/web) backed by
 * the reference server. Debian's /usr/bin/chromium is used where present, Playwright's own
 * browser elsewhere; PERCH_CHROMIUM overrides both.
 */
const executablePath = chromiumPath();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: 0,
  // Ceilings, not waits: every expectation polls for the state a user sees and passes the
  // moment it shows. They are wide because CI shares its cores with other work, and a busy
  // machine (load 6 on 2 cores) takes several times longer to show the same state.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    headless: true,
    // A failed test keeps its trace (DOM snapshots of every step, network, console) but not
    // the screencast: encoding frames for every test, passed ones included, cost about a tenth
    // of the suite's time (two specs, 1 worker, alternated: 67-70 s against 59-62 s).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
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
    },
  },
});

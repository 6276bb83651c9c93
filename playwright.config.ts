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
  timeout: 30_000,
  reporter: [['list']],
  use: {
    headless: true,
    trace: 'retain-on-failure',
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

import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/** Which Chromium to drive: PERCH_CHROMIUM, else Debian's, else Playwright's own (undefined). */
export function chromiumPath(): string | undefined {
  const override = process.env.PERCH_CHROMIUM;
  if (override) return override;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Headless Chromium as the benches, scripts and renderer unit tests drive it, as root. */
export function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  return chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

/** Which Chromium to drive: PERCH_CHROMIUM, else Debian's, else Playwright's own (undefined). */
export function chromiumPath(): string | undefined {
  const override = process.env.PERCH_CHROMIUM;
  if (override) return override;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/**
 * Which Chromium the tests drive: PERCH_CHROMIUM, else Debian's headless shell where it is
 * installed, else as `chromiumPath`. The shell is the same Chromium release (Debian builds
 * both from one source; `.ci/run` installs it) with Blink and V8 unchanged, without the
 * browser's window and UI layers, and it is what Playwright itself runs for headless tests
 * (https://playwright.dev/docs/browsers#chromium-headless-shell). Each end-to-end test opens
 * a fresh browser context: a probe of one sign-in, first paint and Messages, six times over,
 * measured the CPU of Chromium's processes at 1.70 s per test with the full browser and 0.67 s
 * with the shell. The benches and screenshots keep the full browser (`launchChromium`), as a
 * reader runs it.
 */
export function testChromiumPath(): string | undefined {
  const override = process.env.PERCH_CHROMIUM;
  if (override) return override;
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : chromiumPath();
}

/** The switches every Chromium here starts with, beside Playwright's own. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Headless Chromium from `executablePath` (Playwright's own when undefined), as root. */
function launchAt(executablePath: string | undefined): Promise<Browser> {
  return chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: chromiumArgs,
  });
}

/** Headless Chromium as the benches and scripts drive it, as root. */
export function launchChromium(): Promise<Browser> {
  return launchAt(chromiumPath());
}

/** Headless Chromium as the renderer's unit tests drive it (`testChromiumPath`), as root. */
export function launchTestChromium(): Promise<Browser> {
  return launchAt(testChromiumPath());
}

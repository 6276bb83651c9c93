import type { Page } from '@playwright/test';

/**
 * The window as it is when the user has it in the background: nothing on screen counts as
 * seen, so nothing is marked read while a test checks unread counts. Perch opens at the
 * newest unread conversation, and a focused window would mark it read a moment later.
 */
export async function asBackgroundWindow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const flags = window as unknown as { perchTestBackground?: boolean };
    flags.perchTestBackground = true;
    Document.prototype.hasFocus = () => !flags.perchTestBackground;
  });
}

/** The user brings the window forward: what is on screen now counts as seen. */
export async function bringToForeground(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { perchTestBackground?: boolean }).perchTestBackground = false;
    window.dispatchEvent(new FocusEvent('focus'));
  });
}

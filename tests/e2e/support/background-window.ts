import type { Page } from '@playwright/test';

/**
 * The window as it is when the user has it in the background: nothing on screen counts as
 * seen, so nothing is marked read while a test checks unread counts. Perch opens at the
 * newest unread conversation, and a focused window would mark it read a moment later.
 */
export async function asBackgroundWindow(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Document.prototype.hasFocus = () => false;
  });
}

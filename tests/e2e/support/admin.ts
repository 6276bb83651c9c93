import type { Page } from '@playwright/test';
import type { BrowserMode } from './web-host.ts';

/** Spec 2.1 role values. */
export const OWNER = 100;
export const ADMIN = 200;
export const MODERATOR = 300;
export const MEMBER = 400;
export const GUEST = 600;

/** Signs a user in through the Core, opens the admin console and, if named, one panel. */
export async function openAdminAs(
  page: Page,
  mode: BrowserMode,
  user: { serverUrl: string; email: string; api_key: string },
  panel?: string,
): Promise<void> {
  await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: user.serverUrl,
    email: user.email,
    apiKey: user.api_key,
  });
  await page.goto(mode.host.url);
  await openAdminPanel(page, panel);
}

/** The user's own lists that moved from the admin console to Settings. */
const SETTINGS_SECTIONS = new Set(['Saved snippets']);

/** Goes to Settings of the open window and, if named, one of its sections. */
export async function openSettingsSection(page: Page, section?: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Settings' })
    .click();
  if (section) {
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('button', { name: section, exact: true })
      .click();
  }
}

/**
 * Goes to the admin console of the open window and, if named, one of its panels; a panel
 * that is now a section of the user's own Settings opens there.
 */
export async function openAdminPanel(page: Page, panel?: string): Promise<void> {
  if (panel && SETTINGS_SECTIONS.has(panel)) {
    await openSettingsSection(page, panel);
    return;
  }
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Admin' })
    .click();
  if (panel) {
    await page
      .getByRole('navigation', { name: 'Admin panels' })
      .getByRole('button', { name: panel, exact: true })
      .click();
  }
}

/**
 * Settings › Notifications lists the direct message conversations muted in Perch
 * (docs/notifications.md "Muted direct messages") by name, with Unmute beside each: a mute
 * made from a desktop notification (a notification server of the test's own on a private bus
 * sends its action) shows up there at once, and Unmute lets the next message notify again.
 * Screenshots at 760 and 1280 px, light and dark, go to PERCH_SHOTS when it names a folder.
 */
import { expect, test } from '@playwright/test';
import type { StartedServer } from '../../src/server/index.ts';
import type { Preferences } from '../../src/contract/contract.ts';
import { openSettingsSection } from './support/admin.ts';
import { wcagScan } from './support/axe.ts';
import type { BrowserMode } from './support/web-host.ts';
import { shotsFolder as SHOTS } from './support/shots.ts';
import { sendAs } from '../fixtures/send-message.ts';
import type { OwnNotificationServer } from '../fixtures/own-notification-server.ts';
import { useDbusDesktop } from './support/dbus-session.ts';

let desktop: OwnNotificationServer;
let mode: BrowserMode;
let server: StartedServer;
useDbusDesktop((d) => ({ desktop, mode, server } = d));

test('a DM muted from its notification is listed by name in Settings and unmuted there', async ({
  page,
}) => {
  const owner = server.users.find((u) => u.role === 100)!;
  const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  const r = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: owner.email,
    apiKey: owner.api_key,
  });
  expect(r.ok).toBe(true);
  const accountId = (r.ok && (r.result as { id: string }).id) || '';
  await page.goto(mode.host.url);
  await openSettingsSection(page, 'Notifications');
  const card = page.getByRole('region', { name: 'Direct messages muted in Perch' });
  await expect(card).toContainText('None.');

  await sendAs(server, member, { type: 'direct', to: [owner.user_id], content: 'Standup?' });
  await expect.poll(() => desktop.find(member.full_name)).toBeDefined();
  desktop.invoke(desktop.find(member.full_name)!.id, 'mute');

  const list = card.getByRole('list', { name: 'Muted direct messages' });
  const row = list.getByRole('listitem').filter({ hasText: member.full_name });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(String(member.user_id));
  await expect(row.getByRole('button', { name: `Unmute ${member.full_name}` })).toBeVisible();

  if (SHOTS) {
    for (const width of [760, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: `${SHOTS}/muted-dms-${width}-${colorScheme}.png` });
      }
    }
  }

  await row.getByRole('button', { name: `Unmute ${member.full_name}` }).click();
  await expect(row.getByRole('status')).toHaveText('Unmuted: its notifications show again.');
  await expect(row.getByRole('button', { name: `Mute again: ${member.full_name}` })).toBeVisible();
  const prefs = await mode.core.invoke('prefs.get', {});
  expect(prefs.ok && (prefs.result as Preferences).mutedDms?.[accountId]).toBeUndefined();
  await page.setViewportSize({ width: 760, height: 800 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/muted-dms-unmuted-760-${colorScheme}.png` });
    // Names, contrast of the result in both themes (WCAG 2.1 AA, as tests/e2e/accessibility).
    const scan = await wcagScan(page, '.muted-dms');
    expect(scan.violations.map((v) => v.id)).toEqual([]);
  }

  // The next message of the conversation notifies again.
  await sendAs(server, member, { type: 'direct', to: [owner.user_id], content: 'Ping again' });
  await expect.poll(() => desktop.find(member.full_name)?.body).toBe('Ping again');
});

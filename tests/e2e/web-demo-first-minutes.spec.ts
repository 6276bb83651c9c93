/**
 * The demo's first minutes: on a machine with no desktop session (no D-Bus, no display, no
 * keychain), `npm run web -- --demo` prints its URL, the page shows the demo organization's
 * messages, and the live demo's first post, a DM to the signed-in owner, raises a Web
 * Notification while the tab's title counts the unread messages.
 */
import { expect, test } from '@playwright/test';
import { WELCOME_DM } from '../../src/server/demo/live.ts';
import { desktoplessEnv } from '../fixtures/desktopless-env.ts';
import { startWebCli, stopWebClis } from './support/web-cli.ts';
import { notificationsShown, recordNotifications } from './support/web-notifications.ts';

test.afterEach(stopWebClis);
test.use({ permissions: ['notifications'] });

test('the demo runs without a desktop session and notifies in the browser', async ({
  page,
  context,
}) => {
  await recordNotifications(context);
  // The tab in the background, as a notification is for: a DM arriving at the end of the
  // list the reader looks at in a focused tab is read on arrival, and a read message is not
  // notified (docs/notifications.md, "Read on arrival").
  await page.addInitScript(() => {
    document.hasFocus = () => false;
  });
  await page.goto(await startWebCli(['--demo'], desktoplessEnv()));

  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();

  await expect
    .poll(async () => (await notificationsShown(page)).map((n) => n.body))
    .toContain(WELCOME_DM);
  await expect(page).toHaveTitle(/^\(\d+\) Perch$/);
});

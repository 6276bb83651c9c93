/**
 * A notification setting changed on another device changes what Perch does with the very next
 * message. Two Cores as the same user: the first shows its notifications in the page (browser
 * mode), the second turns direct message notifications off in its Settings; the first says so
 * in words and stays silent for the next DM.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { sendAs } from '../fixtures/send-message.ts';
import { openSettingsSection } from './support/admin.ts';
import { signInPolling } from './support/queue-state.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { notificationsShown, recordNotifications } from './support/web-notifications.ts';

let server: StartedServer;
let modes: BrowserMode[] = [];
test.beforeEach(async ({ context }) => {
  server = await startServer();
  modes = [await startBrowserMode({ notifyInRenderer: true }), await startBrowserMode()];
  await recordNotifications(context);
});
test.afterEach(async () => {
  for (const mode of modes) await mode.stop();
  await server.close();
});
test.use({ permissions: ['notifications'] });

const owner = () => server.users.find((u) => u.role === 100)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

/** Signs the owner in to `mode` and waits for its queue, so no change goes unseen. */
const signIn = (mode: BrowserMode) => signInPolling(mode, server.url, owner());

type Decision = { messageId: number; desktop: boolean; sound: boolean };
async function decisionFor(mode: BrowserMode, accountId: string, id: number) {
  const r = await mode.core.invoke('sync.decisions', { accountId });
  return r.ok ? (r.result as Decision[]).find((d) => d.messageId === id) : undefined;
}

const effects = (page: Page) => page.getByTestId('notification-effects');

test('direct message notifications turned off on another device silence the next DM', async ({
  page,
  context,
}) => {
  const [here, elsewhere] = modes as [BrowserMode, BrowserMode];
  const accountId = await signIn(here);
  await signIn(elsewhere);
  await page.goto(here.host.url);
  await openSettingsSection(page, 'Notifications');
  await expect(effects(page)).toContainText('Direct messages: desktop and sound');

  const dm = (content: string) =>
    sendAs(server, member(), { type: 'direct', to: [owner().user_id], content });
  const first = await dm('Are you there?');
  await expect.poll(async () => (await notificationsShown(page)).length).toBe(1);
  expect(await decisionFor(here, accountId, first)).toMatchObject({ desktop: true, sound: true });

  const other = await context.newPage();
  await other.goto(elsewhere.host.url);
  await openSettingsSection(other, 'Notifications');
  for (const label of [
    'Desktop notifications for direct messages and mentions',
    'Sound for direct messages and mentions',
  ]) {
    await other.getByLabel(label).uncheck();
  }
  await expect(other.getByTestId('outcome-enable_sounds')).toHaveText('Saved.');
  await expect(other.getByTestId('outcome-enable_desktop_notifications')).toHaveText('Saved.');
  // The first device follows: its Settings show the change and say what it does now.
  await expect(effects(page)).toContainText('Direct messages: nothing');
  await expect(page.getByLabel('Sound for direct messages and mentions')).not.toBeChecked();

  const second = await dm('Hello again');
  await expect
    .poll(() => decisionFor(here, accountId, second))
    .toMatchObject({ desktop: false, sound: false });
  expect((await notificationsShown(page)).map((n) => n.body)).toEqual(['Are you there?']);
});

/**
 * Browser mode notifies like the desktop app. The Core's decision reaches the page as a Web
 * Notification worded by the presenter, the unread count shows in the tab's title and favicon,
 * and a click opens the message narrowed as the native click does. Permission is asked only
 * after the page says why, and a refusal is explained in Preferences.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { signInPolling } from './support/queue-state.ts';
import { sendAs } from '../fixtures/send-message.ts';
import {
  clickNotification,
  faviconHref,
  faviconPixel,
  notificationsShown,
  permissionRequests,
  recordNotifications,
} from './support/web-notifications.ts';

let mode: BrowserMode;
let server: StartedServer;
test.beforeEach(async ({ context }) => {
  server = await startServer();
  mode = await startBrowserMode({ notifyInRenderer: true });
  await recordNotifications(context);
});
test.afterEach(async () => {
  await mode.stop();
  await server.close();
});

const owner = () => server.users.find((u) => u.role === 100)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

/** Signed in as the owner with the queue listening, so the next message is a new one. */
const signIn = () => signInPolling(mode, server.url, owner());

function preferencesCard(page: Page) {
  return page.getByRole('region', { name: 'Desktop notifications' });
}

test.describe('with notifications allowed', () => {
  test.use({ permissions: ['notifications'] });

  test('a DM shows a Web Notification, counts in the tab, and a click opens it narrowed', async ({
    page,
  }) => {
    await signIn();
    await page.goto(mode.host.url);
    // The page is listening once Preferences knows it shows notifications itself.
    await page.getByRole('button', { name: 'Preferences' }).click();
    await expect(preferencesCard(page)).toContainText('Allowed.');
    await expect(page).toHaveTitle('Perch');

    const id = await sendAs(server, member(), {
      type: 'direct',
      to: [owner().user_id],
      content: 'Are you coming to the **standup**?',
    });

    // The presenter's words: the sender "(to you)", the message as plain text.
    const title = `${member().full_name} (to you)`;
    await expect
      .poll(() => notificationsShown(page))
      .toEqual([
        { title, body: 'Are you coming to the standup?', tag: expect.any(String), closed: false },
      ]);
    await expect(page).toHaveTitle('(1) Perch');
    await expect.poll(() => faviconHref(page)).toMatch(/^data:image\/png;base64,/);

    await clickNotification(page, title);
    const message = page.getByRole('article', { name: `Message ${id} from ${member().full_name}` });
    await expect(message).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('textbox', { name: 'Narrow' })).toHaveValue(/dm:/);
    expect((await notificationsShown(page))[0]?.closed).toBe(true);
    // No prompt was ever needed: the permission was already given.
    expect(await permissionRequests(page)).toBe(0);
  });

  test('each DM chimes, from one player that fetches the sound once', async ({ page }) => {
    // As `npm run web` and Electron run: the page plays the Core's sounds.
    await mode.stop();
    mode = await startBrowserMode({ notifyInRenderer: true, soundInRenderer: true });
    await page.addInitScript(() => {
      const players: HTMLMediaElement[] = [];
      const w = window as unknown as { __chimes: string[]; __players: number };
      w.__chimes = [];
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function () {
        w.__chimes.push(this.src);
        if (!players.includes(this)) players.push(this);
        w.__players = players.length;
        return play.call(this);
      };
    });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/sounds\//.test(r.url())) fetched.push(r.url());
    });
    await signIn();
    await page.goto(mode.host.url);
    await page.getByRole('button', { name: 'Preferences' }).click();
    await expect(preferencesCard(page)).toContainText('Allowed.');
    const chimes = () =>
      page.evaluate(() => (window as unknown as { __chimes: string[] }).__chimes.length);

    const dm = (content: string) =>
      sendAs(server, member(), { type: 'direct', to: [owner().user_id], content });
    await dm('first');
    await expect.poll(chimes).toBe(1);
    await dm('second');
    await expect.poll(chimes).toBe(2);
    const players = await page.evaluate(
      () => (window as unknown as { __players: number }).__players,
    );
    expect(players).toBe(1);
    expect(new Set(fetched).size).toBe(1);
  });

  test('a second DM of the same conversation replaces the first notification', async ({ page }) => {
    await signIn();
    await page.goto(mode.host.url);
    await page.getByRole('button', { name: 'Preferences' }).click();
    await expect(preferencesCard(page)).toContainText('Allowed.');

    const dm = (content: string) =>
      sendAs(server, member(), { type: 'direct', to: [owner().user_id], content });
    await dm('first');
    await expect.poll(async () => (await notificationsShown(page)).length).toBe(1);
    await dm('second');
    await expect.poll(async () => (await notificationsShown(page)).length).toBe(2);
    const [first, second] = await notificationsShown(page);
    expect(second?.tag).toBe(first?.tag);
    expect(first?.closed).toBe(true);
    expect(second?.closed).toBe(false);
    await expect(page).toHaveTitle('(2) Perch');
    // The icon drawn for the second count still has the app's icon under its badge (the
    // icon is rasterized once and copied under each badge): its blue square at the bottom
    // left, and the badge's attention red (a DM) at the top right.
    await expect.poll(() => faviconHref(page)).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => faviconPixel(page, 20, 56)).toEqual([0x2b, 0x5d, 0x8a, 255]);
    expect(await faviconPixel(page, 44, 6)).toEqual([0xd9, 0x30, 0x25, 255]);
  });

  test('a tab opened after the notification still shows it and the count', async ({ page }) => {
    await signIn();
    await sendAs(server, member(), {
      type: 'direct',
      to: [owner().user_id],
      content: 'Sent before the tab was open',
    });
    await expect
      .poll(async () => {
        const r = await mode.core.invoke('notifications.current', {});
        return r.ok ? (r.result as { open: unknown[] }).open.length : -1;
      })
      .toBe(1);

    // The tab opens on the conversation, and reading it there may close the notification and
    // bring the count back to nothing before a check comes round: every title it showed is
    // recorded, as every notification is.
    await page.addInitScript(() => {
      const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
      const shown: string[] = [];
      (window as unknown as { titlesShown: string[] }).titlesShown = shown;
      Object.defineProperty(Document.prototype, 'title', {
        configurable: true,
        get() {
          return title.get!.call(this);
        },
        set(value: string) {
          shown.push(value);
          title.set!.call(this, value);
        },
      });
    });
    await page.goto(mode.host.url);
    await expect
      .poll(() => notificationsShown(page))
      // Shown once; it may be closed already, by the reading that follows the opening.
      .toEqual([
        expect.objectContaining({
          title: `${member().full_name} (to you)`,
          body: 'Sent before the tab was open',
          tag: expect.any(String),
        }),
      ]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { titlesShown: string[] }).titlesShown))
      .toContain('(1) Perch');
  });
});

test.describe('asking for permission', () => {
  test('the page explains first, asks only when told to, and remembers "Not now"', async ({
    page,
  }) => {
    await signIn();
    await page.goto(mode.host.url);
    const banner = page.getByRole('region', { name: 'Notifications from Perch' });
    await expect(banner).toContainText(
      'Perch can show desktop notifications for messages your settings say should notify.',
    );
    expect(await permissionRequests(page)).toBe(0);

    await banner.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Preferences' })).toBeVisible();
    await page.getByRole('button', { name: 'Preferences' }).click();
    // Only Preferences' card is left, and it can still ask.
    await expect(preferencesCard(page)).toContainText('Not allowed yet.');
    await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
    await preferencesCard(page).getByRole('button', { name: 'Allow notifications' }).click();
    await expect.poll(() => permissionRequests(page)).toBe(1);
  });

  test('"Allow notifications" asks the browser once, and the banner leaves with its answer', async ({
    page,
  }) => {
    await signIn();
    await page.goto(mode.host.url);
    const banner = page.getByRole('region', { name: 'Notifications from Perch' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Allow notifications' }).click();
    await expect(banner).toHaveCount(0);
    expect(await permissionRequests(page)).toBe(1);
  });

  test('a refusal is shown in Preferences with how to change it', async ({ page, context }) => {
    await signIn();
    // The user refused earlier, in the browser's own prompt or its site settings.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: new URL(mode.host.url).origin,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto(mode.host.url);
    await page.getByRole('button', { name: 'Preferences' }).click();
    const card = preferencesCard(page);
    await expect(card).toContainText(
      'Blocked: this browser does not let Perch show notifications.',
    );
    await expect(card).toContainText(
      'lock or site information icon at the left of the address bar',
    );
    // Nothing left to ask: the browser would refuse without showing anything.
    await expect(page.getByRole('button', { name: 'Allow notifications' })).toHaveCount(0);
  });
});

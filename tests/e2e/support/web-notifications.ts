import type { BrowserContext, Page } from '@playwright/test';

/** What the page passed to `new Notification(...)`, as the test sees it. */
export interface RecordedNotification {
  title: string;
  body: string;
  tag: string;
  closed: boolean;
}

declare global {
  interface Window {
    __notifications?: { note: Notification; closed: boolean }[];
    __permissionRequests?: number;
  }
}

/**
 * Before any page script: `Notification` still shows real notifications, and also keeps
 * each one it made (to read and click) and counts permission requests (to prove none is
 * made at load).
 */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Real = window.Notification;
    window.__notifications = [];
    window.__permissionRequests = 0;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        window.__notifications!.push({ note: this, closed: false });
      }
      static override get permission(): NotificationPermission {
        return Real.permission;
      }
      static override requestPermission(): Promise<NotificationPermission> {
        window.__permissionRequests = (window.__permissionRequests ?? 0) + 1;
        return Real.requestPermission();
      }
      override close(): void {
        const entry = window.__notifications!.find((n) => n.note === this);
        if (entry) entry.closed = true;
        super.close();
      }
    }
    window.Notification = Recorded;
  });
}

export async function notificationsShown(page: Page): Promise<RecordedNotification[]> {
  return page.evaluate(() =>
    (window.__notifications ?? []).map(({ note, closed }) => ({
      title: note.title,
      body: note.body,
      tag: note.tag,
      closed,
    })),
  );
}

export async function permissionRequests(page: Page): Promise<number> {
  return page.evaluate(() => window.__permissionRequests ?? 0);
}

/** Clicks the newest notification with this title, as the user clicking it on the desktop. */
export async function clickNotification(page: Page, title: string): Promise<void> {
  await page.evaluate((t) => {
    const found = (window.__notifications ?? []).filter((n) => n.note.title === t).at(-1);
    if (!found) throw new Error(`no notification titled ${t}`);
    found.note.dispatchEvent(new Event('click'));
  }, title);
}

/** The tab's icon as the page set it: a data URL once it carries a badge. */
export async function faviconHref(page: Page): Promise<string> {
  return page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '',
  );
}

/** One pixel of the tab's icon as drawn (64 pixels square), as [r, g, b, a]. */
export async function faviconPixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ([x, y]) => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
      const image = new Image();
      image.src = href;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      return [...g.getImageData(x!, y!, 1, 1).data];
    },
    [x, y],
  );
}

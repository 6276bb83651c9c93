/**
 * Browser mode's notifications without a DOM: what the Core's pushes and a late tab's catch-up
 * put on the page, against a recording Core and a page that records what it shows.
 */
import { describe, expect, test } from 'vitest';
import type { TrayBadge } from '../../../../src/core/notify/badge.ts';
import type { ShownNotification } from '../../../../src/core/notify/notifier.ts';
import {
  NotificationFeed,
  type NotificationSink,
} from '../../../../src/renderer/notify/notification-feed.ts';
import { RecordingPort } from '../support/recording-port.ts';

/** The page as the user sees it: the notifications on screen (titles) and the tab's count. */
class Page implements NotificationSink {
  on = new Map<string, string>();
  count: number | undefined;
  show(n: ShownNotification): void {
    this.on.set(n.id, n.title);
  }
  close(id: string): void {
    this.on.delete(id);
  }
  closeAll(): void {
    this.on.clear();
  }
  badge(b: TrayBadge): void {
    this.count = b.count;
  }
}

function note(id: string, title: string): ShownNotification {
  return {
    id,
    accountId: 'acct',
    title,
    body: 'hello',
    messageIds: [1],
    open: { accountId: 'acct', messageId: 1, narrow: [] },
  } as ShownNotification;
}

describe('pushes', () => {
  test("the Core's notifications show and close; the tab counts the unread", () => {
    const core = new RecordingPort();
    const page = new Page();
    const stop = new NotificationFeed(core, page).start();
    core.push('notifications.show', note('a', 'Ada in #general'));
    core.push('notifications.show', note('b', 'Grace'));
    core.push('badge.changed', { count: 3, icon: 'unread' });
    expect([...page.on.values()]).toEqual(['Ada in #general', 'Grace']);
    expect(page.count).toBe(3);
    core.push('notifications.close', { id: 'a' });
    expect([...page.on.values()]).toEqual(['Grace']);
    core.push('notifications.closeAll', {});
    expect(page.on.size).toBe(0);
    stop();
    core.push('notifications.show', note('c', 'After leaving'));
    expect(page.on.size).toBe(0);
  });
});

describe('a late tab', () => {
  test('catches up with the count and the notifications still open', async () => {
    const core = new RecordingPort().answer('notifications.current', {
      badge: { count: 2, icon: 'attention' },
      open: [note('a', 'Ada in #general')],
    });
    const page = new Page();
    await new NotificationFeed(core, page).catchUp();
    expect(page.count).toBe(2);
    expect([...page.on.values()]).toEqual(['Ada in #general']);
  });

  test('a Core out of reach leaves the page as it was, with no error', async () => {
    const core = new RecordingPort().refuse('notifications.current', 'Disconnected');
    const page = new Page();
    await new NotificationFeed(core, page).catchUp();
    expect(page.count).toBeUndefined();
  });

  test('looking at the tab tells the Core the notifications were seen', async () => {
    const core = new RecordingPort().refuse('notifications.seen', 'Disconnected');
    new NotificationFeed(core, new Page()).seen();
    await Promise.resolve();
    expect(core.callsTo('notifications.seen')).toEqual([{}]);
  });
});

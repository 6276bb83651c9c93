import type { TrayBadge } from './badge.ts';
import type { PushBus } from '../push-bus.ts';
import type { BadgeSink, Notifier, ShownNotification } from './notifier.ts';

/**
 * Browser mode's notifier: a tab has no native notifier in the Core's process, so the
 * presented notification goes to the page as it is (title, body, click target from the
 * presenter) and the page shows it as a Web Notification. Nothing is re-worded on the way:
 * Electron's notifier and the page show the same ShownNotification.
 */
export class RendererNotifier implements Notifier {
  /** Still open, by id: a tab opened later (the URL copied from the terminal) shows them too. */
  private readonly open = new Map<string, ShownNotification>();

  constructor(private readonly bus: PushBus) {}

  show(notification: ShownNotification): void {
    this.bus.publish('notifications.show', notification);
    // Re-inserted so the list stays in the order they were (last) shown.
    this.open.delete(notification.id);
    this.open.set(notification.id, notification);
  }

  close(id: string): void {
    if (!this.open.delete(id)) return;
    this.bus.publish('notifications.close', { id });
  }

  closeAll(): void {
    this.open.clear();
    this.bus.publish('notifications.closeAll', {});
  }

  /** The notifications not yet closed, oldest first. */
  stillOpen(): ShownNotification[] {
    return [...this.open.values()];
  }
}

/** Browser mode's tray: the page puts the count in the tab's title and on its favicon. */
export class RendererBadgeSink implements BadgeSink {
  constructor(private readonly bus: PushBus) {}

  update(badge: TrayBadge): void {
    this.bus.publish('badge.changed', badge);
  }
}

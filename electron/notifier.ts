/**
 * The Core's notification and badge adapters in Electron: native notifications (silent,
 * because the renderer plays the user's own sound), and the tray icon with the app badge.
 */
import { Notification, app } from 'electron';
import type {
  BadgeSink,
  Notifier,
  OpenTarget,
  ShownNotification,
} from '../src/core/notify/notifier.ts';
import type { TrayBadge } from '../src/core/notify/badge.ts';
import type { PerchTray } from './tray.ts';

export class ElectronNotifier implements Notifier {
  private readonly open = new Map<string, Notification>();

  constructor(private readonly onClick: (target: OpenTarget) => void) {}

  show(n: ShownNotification): void {
    if (!Notification.isSupported()) return;
    // Showing the same conversation again replaces its notification.
    this.close(n.id);
    const note = new Notification({ title: n.title, body: n.body, silent: true });
    note.on('click', () => this.onClick(n.open));
    note.on('close', () => {
      if (this.open.get(n.id) === note) this.open.delete(n.id);
    });
    this.open.set(n.id, note);
    note.show();
  }

  close(id: string): void {
    this.open.get(id)?.close();
    this.open.delete(id);
  }

  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }
}

/** The tray shows mentions and DMs as its third state; the badge's 'attention' is that state. */
export class ElectronBadgeSink implements BadgeSink {
  private tray: PerchTray | undefined;
  private last: TrayBadge = { count: 0, icon: 'none' };

  attach(tray: PerchTray): void {
    this.tray = tray;
    this.update(this.last);
  }

  update(badge: TrayBadge): void {
    this.last = badge;
    this.tray?.setTrayState(badge.icon === 'attention' ? 'mention' : badge.icon, badge.count);
    app.setBadgeCount(badge.count);
  }
}

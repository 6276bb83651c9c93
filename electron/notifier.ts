/**
 * The Core's notification and badge adapters in Electron: native notifications with the
 * platform's own buttons and reply field (docs/notifications.md "Actions"; on Linux the Core
 * uses D-Bus instead), silent while a window lives to play the user's own sound, and the tray
 * icon with the app badge.
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
import type { NotificationAction } from '../src/core/notify/dbus-notifier.ts';
import { nativeActions } from '../src/core/notify/native-actions.ts';
import { nativeNotificationOptions } from '../src/core/notify/native-options.ts';
import { toastActivation } from '../src/core/notify/windows-toast.ts';

export interface ElectronNotifierHost {
  onClick: (target: OpenTarget) => void;
  onAction: (action: NotificationAction) => void;
  /** With no window nobody plays the user's sound, so the platform's own plays instead. */
  hasWindow: () => boolean;
}

export class ElectronNotifier implements Notifier {
  private readonly open = new Map<string, Notification>();
  /** What each open notification stands for, for a Windows toast's link to name it. */
  private readonly shown = new Map<string, ShownNotification>();

  constructor(private readonly host: ElectronNotifierHost) {}

  show(n: ShownNotification): void {
    if (!Notification.isSupported()) return;
    // Showing the same conversation again replaces its notification.
    this.close(n.id);
    const { buttons } = nativeActions(n);
    const note = new Notification(
      nativeNotificationOptions(n, process.platform, this.host.hasWindow()),
    );
    note.on('click', () => this.host.onClick(n.open));
    note.on('action', (_event, index) => {
      const button = buttons[index];
      if (button) this.host.onAction({ kind: button.kind, notification: n });
    });
    note.on('reply', (_event, text) =>
      this.host.onAction({ kind: 'reply', notification: n, text }),
    );
    note.on('close', () => {
      if (this.open.get(n.id) !== note) return;
      this.open.delete(n.id);
      this.shown.delete(n.id);
    });
    this.open.set(n.id, note);
    this.shown.set(n.id, n);
    note.show();
  }

  /**
   * A Windows toast's button or click, as the `perch:` link Windows passed to a second
   * instance (windows-toast.ts); false when the link is not one of an open notification.
   */
  activate(link: string): boolean {
    const activation = toastActivation(link);
    const n = activation && this.shown.get(activation.notificationId);
    if (!activation || !n) return false;
    if (activation.kind === 'open') this.host.onClick(n.open);
    // A reply's text comes only with Electron's own 'reply' event, never in a link.
    else if (activation.kind !== 'reply')
      this.host.onAction({ kind: activation.kind, notification: n });
    return true;
  }

  close(id: string): void {
    this.open.get(id)?.close();
    this.open.delete(id);
    this.shown.delete(id);
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

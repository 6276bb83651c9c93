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

export interface ElectronNotifierHost {
  onClick: (target: OpenTarget) => void;
  onAction: (action: NotificationAction) => void;
  /** With no window nobody plays the user's sound, so the platform's own plays instead. */
  hasWindow: () => boolean;
}

export class ElectronNotifier implements Notifier {
  private readonly open = new Map<string, Notification>();

  constructor(private readonly host: ElectronNotifierHost) {}

  show(n: ShownNotification): void {
    if (!Notification.isSupported()) return;
    // Showing the same conversation again replaces its notification.
    this.close(n.id);
    const { buttons, reply } = nativeActions(n);
    const note = new Notification({
      title: n.title,
      body: n.body,
      silent: this.host.hasWindow(),
      actions: buttons.map((b) => ({ type: 'button' as const, text: b.label })),
      hasReply: reply,
      replyPlaceholder: 'Reply',
    });
    note.on('click', () => this.host.onClick(n.open));
    note.on('action', (_event, index) => {
      const button = buttons[index];
      if (button) this.host.onAction({ kind: button.kind, notification: n });
    });
    note.on('reply', (_event, text) =>
      this.host.onAction({ kind: 'reply', notification: n, text }),
    );
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

/**
 * Browser mode's feed of the Core's notifier: the notifications to show and close, the
 * unread count for the tab, what a tab opened or reconnected late missed, and telling the
 * Core the user looked (docs/notifications.md). It knows no DOM: PageNotifications.svelte
 * hands it a sink that makes Web Notifications and the tab's title and favicon, and the unit
 * tests a recording one.
 */
import type {
  ShownNotificationWire as ShownNotification,
  TrayBadgeWire as TrayBadge,
} from '../../contract/contract.ts';
import type { RpcPort } from '../lib/rpc-port.ts';

export interface NotificationSink {
  show(n: ShownNotification): void;
  close(id: string): void;
  closeAll(): void;
  badge(badge: TrayBadge): void;
}

export class NotificationFeed {
  readonly #rpc: RpcPort;
  readonly #sink: NotificationSink;

  constructor(rpc: RpcPort, sink: NotificationSink) {
    this.#rpc = rpc;
    this.#sink = sink;
  }

  /** Follows the Core's notifier; returns what stops following it. */
  start(): () => void {
    const sink = this.#sink;
    const offs = [
      this.#rpc.on('notifications.show', (n) => sink.show(n)),
      this.#rpc.on('notifications.close', ({ id }) => sink.close(id)),
      this.#rpc.on('notifications.closeAll', () => sink.closeAll()),
      this.#rpc.on('badge.changed', (b) => sink.badge(b)),
    ];
    return () => offs.forEach((off) => off());
  }

  /** What a tab opened or reconnected late missed: the count, and notifications still open. */
  async catchUp(): Promise<void> {
    try {
      const current = await this.#rpc.invoke('notifications.current', {});
      this.#sink.badge(current.badge);
      for (const n of current.open) this.#sink.show(n);
    } catch {
      // The next badge.changed brings the count; a title without one is not an error to show.
    }
  }

  /** Looking at the tab is seeing the notifications, as focusing Electron's window is. */
  readonly seen = (): void =>
    void this.#rpc.invoke('notifications.seen', {}).catch(() => undefined);
}

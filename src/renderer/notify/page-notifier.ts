/**
 * Browser mode's half of the Core's notifier: each notification the presenter made becomes a
 * Web Notification, worded as the Core sent it. A click does what the native click does in
 * Electron: bring the window forward and open the message narrowed.
 */
import type {
  OpenTargetWire as OpenTarget,
  ShownNotificationWire as ShownNotification,
} from '../../contract/contract.ts';

function sameMessages(a: ShownNotification | undefined, b: ShownNotification): boolean {
  return a !== undefined && a.messageIds.join() === b.messageIds.join();
}

export class PageNotifier {
  private readonly open = new Map<string, { note: Notification; shown: ShownNotification }>();

  constructor(private readonly onOpen: (target: OpenTarget) => void) {}

  show(n: ShownNotification): void {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    // Catching up after a reconnect brings what is already on screen: it must not alert twice.
    if (sameMessages(this.open.get(n.id)?.shown, n)) return;
    // Showing the same conversation again replaces its notification (the tag does the same
    // across tabs of this Perch).
    this.close(n.id);
    // Silent: the page plays the user's own sound, as the Electron window does.
    const note = new Notification(n.title, {
      body: n.body,
      tag: n.id,
      icon: './favicon.svg',
      silent: true,
    });
    note.onclick = () => {
      window.focus();
      this.close(n.id);
      this.onOpen(n.open);
    };
    note.onclose = () => {
      if (this.open.get(n.id)?.note === note) this.open.delete(n.id);
    };
    this.open.set(n.id, { note, shown: n });
  }

  close(id: string): void {
    this.open.get(id)?.note.close();
    this.open.delete(id);
  }

  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }
}

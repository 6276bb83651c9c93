/**
 * Recording adapters: what tests assert on, and what a Core given no host adapters uses.
 * They keep the open notifications and a bounded history, never everything.
 */
import type { TrayBadge } from './badge.ts';
import type { BadgeSink, Notifier, ShownNotification, SoundPlayer } from './notifier.ts';

const HISTORY = 500;

function remember<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > HISTORY) list.shift();
}

/** The ids of `next` that `previous` did not stand for; a grouped one usually extends it. */
function freshIds(previous: readonly number[] | undefined, next: readonly number[]): number[] {
  if (!previous) return [...next];
  const n = previous.length;
  if (n <= next.length && (n === 0 || previous[n - 1] === next[n - 1])) return next.slice(n);
  const before = new Set(previous);
  return next.filter((id) => !before.has(id));
}

export class RecordingNotifier implements Notifier {
  /** Notifications on screen now, by id. */
  readonly open = new Map<string, ShownNotification>();
  /** Every show, oldest first (bounded). */
  readonly shown: ShownNotification[] = [];
  readonly closed: string[] = [];
  /** Message ids in the order they first appeared in a notification (repeats kept: a bug). */
  readonly notified: number[] = [];
  /** Called on every show: the benchmark times decisions reaching the adapter with it. */
  onShow: ((notification: ShownNotification) => void) | undefined;

  show(notification: ShownNotification): void {
    for (const id of freshIds(
      this.open.get(notification.id)?.messageIds,
      notification.messageIds,
    )) {
      remember(this.notified, id);
    }
    this.open.set(notification.id, notification);
    remember(this.shown, notification);
    this.onShow?.(notification);
  }

  close(id: string): void {
    if (this.open.delete(id)) remember(this.closed, id);
  }

  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }
}

export class RecordingSoundPlayer implements SoundPlayer {
  readonly played: string[] = [];

  play(sound: string): void {
    remember(this.played, sound);
  }
}

export class RecordingBadgeSink implements BadgeSink {
  current: TrayBadge = { count: 0, icon: 'none' };
  readonly updates: TrayBadge[] = [];

  update(badge: TrayBadge): void {
    this.current = badge;
    remember(this.updates, badge);
  }
}

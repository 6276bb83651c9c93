/**
 * What the Core asks of its host to reach the user: native notifications, sounds and the
 * tray badge. Electron implements these in electron/; browser mode hands them to the page
 * (renderer-notifier.ts, renderer-sound.ts); tests use the recorders of recorders.ts. Each
 * method is fire-and-forget so a slow OS never stalls sync.
 */
import type { TrayBadge } from './badge.ts';

/** Spec-style narrow terms: what the window shows when the notification is clicked. */
export interface OpenTarget {
  accountId: string;
  /** The message to scroll to (the newest one the notification stands for). */
  messageId: number;
  narrow: { operator: 'channel' | 'topic' | 'dm'; operand: number | string | number[] }[];
}

export interface ShownNotification {
  /** Stable per account and conversation: showing the same id again replaces it. */
  id: string;
  accountId: string;
  title: string;
  body: string;
  /** Every message the notification stands for; reading any of them closes it. */
  messageIds: number[];
  open: OpenTarget;
}

export interface Notifier {
  show(notification: ShownNotification): void;
  close(id: string): void;
  closeAll(): void;
}

export interface SoundPlayer {
  /** Plays the user's `notification_sound` by name (never "none": the policy filters it). */
  play(sound: string): void;
}

export interface BadgeSink {
  /** The tray icon's state and the total count over every account. */
  update(badge: TrayBadge): void;
}

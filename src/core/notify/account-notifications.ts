/**
 * One account's notification step: every new message decided once (docs/notifications.md,
 * rule A2), Perch's Do Not Disturb silencing what the settings allow, and what is left shown
 * and played; messages read since close their notifications. The account's store runs it
 * inside `apply` and after each registration (docs/architecture.md, the event order).
 */
import type { Clock } from '../../lib/clock.ts';
import type { AccountState } from '../model/account-state.ts';
import type { Message } from '../model/state-types.ts';
import { DecidedSet } from './decided-set.ts';
import { conversationOf, type DecisionEntry } from './decisions-log.ts';
import type { DoNotDisturb } from './dnd.ts';
import { NotificationBoard } from './notification-board.ts';
import { openTargetFor } from './open-target.ts';
import type { Notifier, SoundPlayer } from './notifier.ts';
import { decideNotification } from './policy.ts';

/** What one batch (events or a gap fill) leaves to show, play and log. */
export interface Outcome {
  show: Message[];
  sound: boolean;
  entries: DecisionEntry[];
  read: Set<number> | 'all';
  badge: boolean;
  /** The messages arrived while Perch was closed: one summary stands for them all. */
  away?: boolean;
}

export interface NotificationDeps {
  accountId: string;
  clock: Clock;
  notifier: Notifier;
  sound: SoundPlayer;
  dnd: DoNotDisturb;
  /** New decisions, in the order they were made. */
  onDecisions: (entries: DecisionEntry[]) => void;
  /** Whether the user muted this DM conversation in Perch (its other participants' ids). */
  dmMuted?: (userIds: number[], selfId: number) => boolean;
}

export class AccountNotifications {
  readonly #deps: NotificationDeps;
  readonly #board: NotificationBoard;
  readonly #decided = new DecidedSet();

  constructor(deps: NotificationDeps) {
    this.#deps = deps;
    this.#board = new NotificationBoard(deps.accountId, deps.notifier);
  }

  outcome(): Outcome {
    return { show: [], sound: false, entries: [], read: new Set(), badge: false };
  }

  /** The messages the notifications on screen stand for. */
  shownIds(): number[] {
    return this.#board.messageIds();
  }

  decide(
    state: AccountState,
    message: Message,
    flags: string[],
    missed: boolean,
    outcome: Outcome,
  ): void {
    // Rule A2: a message met again (the gap fill and the new queue overlap, or the server
    // resends an unacknowledged batch) was decided the first time; it is not even logged.
    if (!this.#decided.add(message.id)) return;
    const input = state.policyInput(message, flags, false);
    if (message.type === 'private' && this.#deps.dmMuted) {
      const [dm] = openTargetFor(this.#deps.accountId, message, state.userId).narrow;
      if (Array.isArray(dm?.operand)) input.dmMuted = this.#deps.dmMuted(dm.operand, state.userId);
    }
    const decision = decideNotification(input);
    const allowed = decision.desktop || decision.sound;
    const silenced = allowed && this.#deps.dnd.isActive();
    outcome.entries.push({
      messageId: message.id,
      senderId: message.sender_id,
      senderName: message.sender_full_name,
      conversation: conversationOf(message, state.userId),
      desktop: decision.desktop,
      sound: decision.sound,
      reason: silenced ? `${decision.reason} Silenced by Do Not Disturb.` : decision.reason,
      rules: decision.rules,
      silencedByDnd: silenced,
      missed,
      at: this.#deps.clock.now(),
    });
    if (silenced) return;
    if (decision.desktop) outcome.show.push(message);
    if (decision.sound) outcome.sound = true;
  }

  /** Closes what was read, shows and plays what is left, and logs the decisions. */
  finish(state: AccountState, outcome: Outcome): void {
    const { read } = outcome;
    if (read === 'all' || read.size > 0) this.#board.read(read === 'all' ? 'all' : [...read]);
    // A message read within the same batch it arrived in never needs a notification.
    const show = outcome.show.filter((m) => read !== 'all' && !read.has(m.id));
    if (show.length > 0) {
      const ctx = {
        myUserId: state.userId,
        pmContentInDesktopNotifications: state.settings.pm_content_in_desktop_notifications,
      };
      if (outcome.away) this.#board.showAway(show, ctx, state.realmName);
      else this.#board.show(show, ctx, state.realmName);
    }
    if (outcome.sound) this.#deps.sound.play(state.settings.notification_sound);
    if (outcome.entries.length > 0) this.#deps.onDecisions(outcome.entries);
  }

  clear(): void {
    this.#board.clear();
  }
}

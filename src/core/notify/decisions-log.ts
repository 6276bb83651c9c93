/**
 * The "why" log: the last decisions of each account with their reasons, newest last, so
 * the Activity panel can answer "why was I (not) notified about that?".
 */
import type { Message } from '../model/state-types.ts';
import type { RuleId } from './policy-rules.ts';

export const DECISIONS_KEPT = 200;

export interface DecisionEntry {
  messageId: number;
  senderId: number;
  senderName: string;
  /** "#channel > topic", or the DM's participants. */
  conversation: string;
  /** What the user's settings allow (docs/notifications.md "Desktop B" and "Sound C"). */
  desktop: boolean;
  sound: boolean;
  reason: string;
  rules: { desktop: RuleId; sound: RuleId };
  /** Perch's Do Not Disturb held back what the settings allowed. */
  silencedByDnd: boolean;
  /** Found by the gap fill after a lost queue rather than delivered live. */
  missed: boolean;
  /** What the user did from the notification, in words; the entry then records that action. */
  action?: string;
  /** When Perch decided (ms since epoch). */
  at: number;
}

export class DecisionLog {
  private readonly byAccount = new Map<string, DecisionEntry[]>();

  add(accountId: string, entry: DecisionEntry): void {
    let list = this.byAccount.get(accountId);
    if (!list) {
      list = [];
      this.byAccount.set(accountId, list);
    }
    list.push(entry);
    // Trimming in chunks keeps adding O(1) amortized under a flood of messages.
    if (list.length >= DECISIONS_KEPT * 2) list.splice(0, list.length - DECISIONS_KEPT);
  }

  /** The last DECISIONS_KEPT decisions of the account, oldest first. */
  list(accountId: string): DecisionEntry[] {
    return (this.byAccount.get(accountId) ?? []).slice(-DECISIONS_KEPT);
  }

  forget(accountId: string): void {
    this.byAccount.delete(accountId);
  }
}

/** How the log names a message's conversation. */
export function conversationOf(message: Message, myUserId: number): string {
  if (message.type === 'stream') {
    const channel = typeof message.display_recipient === 'string' ? message.display_recipient : '';
    return `#${channel} > ${message.subject}`;
  }
  const others = Array.isArray(message.display_recipient)
    ? message.display_recipient.filter((u) => u.id !== myUserId).map((u) => u.full_name)
    : [];
  return others.length > 0 ? `DM with ${others.join(', ')}` : 'DM to yourself';
}

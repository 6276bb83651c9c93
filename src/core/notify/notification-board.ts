/**
 * One account's notifications on screen: one per conversation (docs/notifications.md
 * "Grouping"), one summary instead of a burst ("Burst summary"), and closing what has been read
 * ("Closing").
 */
import { addToGroup, closedByRead, startGroup, type LiveNotification } from './grouping.ts';
import type { Notifier, OpenTarget } from './notifier.ts';
import { openTargetFor } from './open-target.ts';
import { presentMessage, type PresentContext } from './presenter.ts';
import { isBurst, summarizeAway, summarizeBurst } from './summary.ts';
import type { Message } from '../model/state-types.ts';

export class NotificationBoard {
  private readonly accountId: string;
  private readonly notifier: Notifier;
  private readonly live = new Map<string, LiveNotification>();
  /** The unread messages the summary notification stands for, oldest first. */
  private summarized: Message[] = [];

  constructor(accountId: string, notifier: Notifier) {
    this.accountId = accountId;
    this.notifier = notifier;
  }

  /** Shows messages that were allowed to notify together (one event batch or one gap fill). */
  show(messages: readonly Message[], ctx: PresentContext, realmName: string): void {
    if (isBurst(messages.length)) {
      this.showSummary(messages, ctx.myUserId, realmName);
      return;
    }
    for (const message of messages) {
      const presented = presentMessage(message, ctx);
      const previous = this.live.get(presented.key);
      const group = previous ? addToGroup(previous, presented) : startGroup(presented);
      this.live.set(group.key, group);
      this.display(group.key, group, openTargetFor(this.accountId, message, ctx.myUserId));
    }
  }

  /**
   * Messages that arrived while Perch was closed: one summary however few they are, so a
   * start never bursts into a notification per message (docs/notifications.md, "While you
   * were away").
   */
  showAway(messages: readonly Message[], ctx: PresentContext, realmName: string): void {
    this.showSummary(messages, ctx.myUserId, realmName, summarizeAway);
  }

  /** Some messages stopped being unread: their notifications have done their job. */
  read(ids: readonly number[] | 'all'): void {
    if (ids === 'all') {
      this.clear();
      return;
    }
    const readIds = new Set(ids);
    for (const key of closedByRead(this.live.values(), readIds)) {
      this.live.delete(key);
      this.notifier.close(this.idOf(key));
    }
    if (this.summarized.length > 0) {
      this.summarized = this.summarized.filter((m) => !readIds.has(m.id));
      // A summary stands for many conversations: it goes once all of them are read.
      if (this.summarized.length === 0) this.notifier.close(this.idOf('summary'));
    }
  }

  /** Every message some open notification stands for. */
  messageIds(): number[] {
    const ids = [...this.live.values()].flatMap((n) => n.messageIds);
    return [...ids, ...this.summarized.map((m) => m.id)];
  }

  /** Closes everything of this account (window focused, account signed out). */
  clear(): void {
    for (const key of this.live.keys()) this.notifier.close(this.idOf(key));
    this.live.clear();
    if (this.summarized.length > 0) this.notifier.close(this.idOf('summary'));
    this.summarized = [];
  }

  /** A new burst joins what an open summary still stands for, so it counts them all. */
  private showSummary(
    messages: readonly Message[],
    myUserId: number,
    realmName: string,
    summarize: typeof summarizeAway = summarizeBurst,
  ): void {
    this.summarized = [...this.summarized, ...messages];
    const text = summarize(realmName, this.summarized, myUserId);
    const newest = messages[messages.length - 1];
    if (!newest) return;
    this.display(
      'summary',
      { title: text.title, body: text.body, messageIds: text.messageIds },
      { ...openTargetFor(this.accountId, newest, myUserId), narrow: [] },
    );
  }

  private display(
    key: string,
    content: { title: string; body: string; messageIds: number[] },
    open: OpenTarget,
  ): void {
    this.notifier.show({
      id: this.idOf(key),
      accountId: this.accountId,
      title: content.title,
      body: content.body,
      messageIds: content.messageIds,
      open,
    });
  }

  private idOf(key: string): string {
    return `${this.accountId}|${key}`;
  }
}

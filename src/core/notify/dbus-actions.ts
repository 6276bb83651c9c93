/**
 * What a notification's actions do (docs/notifications.md "Actions"). Each goes through the
 * same Core call a view makes, so it takes the same path: a reply through the account's
 * outbox (sent once, confirmed or failed in the outbox's own words), "Mark as read" through
 * the read reconciliation, "Mute topic" through the user-topic call, and a DM's mute through
 * Perch's own preferences (the chat API has none). On success the
 * notification closes; on a failure a follow-up notification says what happened. Every
 * action is written to the why-(not)-notified log beside the message's decision.
 */
import type { AccountSummary, Preferences } from '../../contract/contract.ts';
import type { RpcResponse } from '../../contract/errors.ts';
import { withDmMuted } from '../../contract/muted-dms.ts';
import type { PushListener, TopicInterest } from '../push-bus.ts';
import { placeOf, type NotificationAction } from './dbus-notifier.ts';
import type { OpenTarget, ShownNotification } from './notifier.ts';

export interface ActionDeps {
  invoke: (channel: string, args: unknown) => Promise<RpcResponse>;
  subscribe: (listener: PushListener, interest?: TopicInterest) => () => void;
  reveal: (target: OpenTarget) => void;
  close: (id: string) => void;
  /** A follow-up notification in words, about the notification acted on. */
  tell: (about: ShownNotification, summary: string, body: string) => void;
  /** Adds a line to the decision log of the notification's newest message. */
  record: (accountId: string, messageId: number, action: string) => void;
}

/** How a notification names its conversation in a follow-up ("#general > deploy"). */
function where(notification: ShownNotification): string {
  const place = placeOf(notification);
  if (place.kind === 'topic') return `the topic "${place.topic}"`;
  return 'this conversation';
}

function failure(response: RpcResponse): string | undefined {
  return response.ok ? undefined : response.error.message;
}

export class NotificationActions {
  readonly #deps: ActionDeps;

  constructor(deps: ActionDeps) {
    this.#deps = deps;
  }

  /** Runs one action; resolves once its outcome is known and reported. */
  async run(action: NotificationAction): Promise<void> {
    const { notification } = action;
    const log = (line: string) =>
      this.#deps.record(notification.accountId, notification.open.messageId, line);
    if (action.kind === 'open') {
      this.#deps.reveal(notification.open);
      log('Opened from the notification.');
      return;
    }
    const place = placeOf(notification);
    if (place.kind === 'none') return;
    let problem: string | undefined;
    let done: string;
    let failedTitle: string;
    if (action.kind === 'read') {
      done = 'Marked as read from the notification.';
      failedTitle = `Perch could not mark ${where(notification)} as read`;
      const target =
        place.kind === 'topic'
          ? { kind: 'topic', streamId: place.streamId, topic: place.topic }
          : { kind: 'dm', userIds: place.userIds };
      problem = failure(
        await this.#deps.invoke('inbox.markRead', { accountId: notification.accountId, target }),
      );
    } else if (action.kind === 'mute' && place.kind === 'dm') {
      done = "This conversation's notifications muted in Perch from the notification.";
      failedTitle = "Perch could not mute this conversation's notifications";
      problem = await this.#muteDm(notification.accountId, place.userIds);
    } else if (action.kind === 'mute') {
      done = 'Topic muted from the notification.';
      failedTitle = `Perch could not mute ${where(notification)}`;
      if (place.kind !== 'topic') return;
      problem = failure(
        await this.#deps.invoke('inbox.setTopicPolicy', {
          accountId: notification.accountId,
          streamId: place.streamId,
          topic: place.topic,
          policy: 1,
        }),
      );
    } else {
      done = 'Replied from the notification.';
      failedTitle = 'Your reply from the notification was not sent';
      problem = await this.#reply(notification, action.text ?? '');
    }
    if (problem === undefined) {
      log(done);
      this.#deps.close(notification.id);
      return;
    }
    log(`${failedTitle}: ${problem}`);
    this.#deps.tell(notification, failedTitle, problem);
  }

  /** Perch's own mute of a DM conversation, kept with the preferences (no API call exists). */
  async #muteDm(accountId: string, userIds: number[]): Promise<string | undefined> {
    const [current, accounts] = await Promise.all([
      this.#deps.invoke('prefs.get', {}),
      this.#deps.invoke('accounts.list', {}),
    ]);
    if (!current.ok) return current.error.message;
    if (!accounts.ok) return accounts.error.message;
    const account = (accounts.result as AccountSummary[]).find((a) => a.id === accountId);
    if (!account) return 'This account is no longer signed in.';
    // Keyed as the views key it, so a self-DM muted here is the one its recipient bar unmutes.
    const change = withDmMuted(
      current.result as Preferences,
      accountId,
      userIds,
      account.userId,
      true,
    );
    return failure(await this.#deps.invoke('prefs.set', change));
  }

  /** Sends through the outbox and waits for its verdict; undefined once the server has it. */
  async #reply(notification: ShownNotification, text: string): Promise<string | undefined> {
    const place = placeOf(notification);
    if (!text.trim()) return 'The reply was empty.';
    const to =
      place.kind === 'topic'
        ? { type: 'stream', streamId: place.streamId, topic: place.topic }
        : place.kind === 'dm'
          ? { type: 'direct', userIds: place.userIds }
          : undefined;
    if (!to) return 'This notification stands for several conversations.';
    const { accountId } = notification;
    // Listening before the send: the confirmation can come before the send's own answer.
    let localId: string | undefined;
    const seen: { localId: string; verdict: string | undefined }[] = [];
    let settle: ((verdict: string | undefined) => void) | undefined;
    const verdict = new Promise<string | undefined>((ok) => (settle = ok));
    const decide = (id: string, v: string | undefined) => {
      if (localId === undefined) seen.push({ localId: id, verdict: v });
      else if (id === localId) settle?.(v);
    };
    const stop = this.#deps.subscribe(
      (topic, payload) => {
        if (topic !== 'outbox.changed') return;
        const changed = payload as {
          accountId: string;
          entries: { localId: string; state: string; reason?: string }[];
          confirmed: { localId: string }[];
        };
        if (changed.accountId !== accountId) return;
        for (const c of changed.confirmed) decide(c.localId, undefined);
        for (const e of changed.entries) {
          if (e.state === 'failed') decide(e.localId, e.reason ?? 'The message was not sent.');
        }
      },
      (topic) => topic === 'outbox.changed',
    );
    try {
      const response = await this.#deps.invoke('outbox.send', {
        accountId,
        to,
        content: text,
        where: notification.title,
      });
      if (!response.ok) return response.error.message;
      localId = (response.result as { localId: string }).localId;
      const early = seen.find((s) => s.localId === localId);
      if (early) return early.verdict;
      return await verdict;
    } finally {
      stop();
    }
  }
}

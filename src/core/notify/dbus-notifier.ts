/**
 * Perch's notifications on the desktop's own notification server over D-Bus, from the Core,
 * so no window is needed to show them or to play their sound (docs/notifications.md "D-Bus").
 * One server notification per Perch notification id: a conversation's next message replaces
 * its notification (`replaces_id`) instead of stacking. Actions are offered only where the
 * server says it has them (`actions`, `inline-reply`); what an action does is dbus-actions.ts.
 */
import type { NotificationServer, NotifyRequest } from './dbus-notifications.ts';
import type { Notifier, ShownNotification, SoundPlayer } from './notifier.ts';

export type NotificationActionKind = 'open' | 'read' | 'mute' | 'reply';

export interface NotificationAction {
  kind: NotificationActionKind;
  notification: ShownNotification;
  /** The reply's text (reply only). */
  text?: string;
}

export interface DbusNotifierOptions {
  server: NotificationServer;
  /** Plays a sound the server cannot (no `sound` capability, or no notification to carry it). */
  fallbackSound?: SoundPlayer;
  /** The file of one of the user's notification sounds, where the host has it. */
  soundFile?: (sound: string) => string | undefined;
  onAction: (action: NotificationAction) => void;
}

/** The specification's action key for a click on the notification itself. */
const DEFAULT_ACTION = 'default';
/** The action key servers that offer a reply field expect (with the `inline-reply` capability). */
const REPLY_ACTION = 'inline-reply';

/** The freedesktop sound theme's name for an incoming instant message. */
const SOUND_NAME = 'message-new-instant';

/** The words of the mute a direct message's notification offers. */
export const MUTE_DM_LABEL = "Mute this conversation's notifications";

/** Where a notification's conversation is, from its click target. */
export type NotificationPlace =
  | { kind: 'topic'; streamId: number; topic: string }
  | { kind: 'dm'; userIds: number[] }
  | { kind: 'none' };

export function placeOf(notification: ShownNotification): NotificationPlace {
  const narrow = notification.open.narrow;
  const channel = narrow.find((t) => t.operator === 'channel');
  const topic = narrow.find((t) => t.operator === 'topic');
  const dm = narrow.find((t) => t.operator === 'dm');
  if (channel && topic && typeof channel.operand === 'number') {
    return { kind: 'topic', streamId: channel.operand, topic: String(topic.operand) };
  }
  if (dm && Array.isArray(dm.operand)) return { kind: 'dm', userIds: dm.operand };
  return { kind: 'none' };
}

/** The action keys and labels a notification offers on a server with these capabilities. */
export function actionsFor(
  notification: ShownNotification,
  capabilities: ReadonlySet<string>,
): string[] {
  if (!capabilities.has('actions')) return [];
  const actions = [DEFAULT_ACTION, 'Open'];
  const place = placeOf(notification);
  // A burst summary stands for many conversations: only opening it means one thing.
  if (place.kind === 'none') return actions;
  if (capabilities.has('inline-reply')) actions.push(REPLY_ACTION, 'Reply');
  actions.push('read', 'Mark as read');
  // The chat API mutes topics (user topics, visibility policy 1); a DM conversation is muted
  // by Perch itself (docs/notifications.md "Muted direct messages").
  actions.push('mute', place.kind === 'topic' ? 'Mute topic' : MUTE_DM_LABEL);
  return actions;
}

export class DbusNotifier implements Notifier, SoundPlayer {
  readonly #opts: DbusNotifierOptions;
  /** Perch id → the server's id, while the server shows it. */
  readonly #serverIds = new Map<string, number>();
  /** The server's id → what it shows. */
  readonly #shown = new Map<number, ShownNotification>();
  /** Shown in this turn, waiting for a sound to carry (finish() shows, then plays). */
  #pending: ShownNotification[] = [];
  #pendingSound: string | undefined;
  /** D-Bus calls go one after another, so a replacement always knows the id it replaces. */
  #chain: Promise<unknown> = Promise.resolve();

  constructor(options: DbusNotifierOptions) {
    this.#opts = options;
    options.server.listen({
      actionInvoked: (id, key) =>
        this.#about(id, (notification) => this.#invoked(notification, key)),
      replied: (id, text) =>
        this.#about(id, (notification) =>
          this.#opts.onAction({ kind: 'reply', notification, text }),
        ),
      closed: (id) =>
        this.#about(id, (notification) => {
          this.#shown.delete(id);
          if (this.#serverIds.get(notification.id) === id) this.#serverIds.delete(notification.id);
        }),
    });
  }

  get capabilities(): ReadonlySet<string> {
    return this.#opts.server.capabilities;
  }

  show(notification: ShownNotification): void {
    if (this.#pending.push(notification) === 1) queueMicrotask(() => this.#flush());
  }

  play(sound: string): void {
    if (this.#pending.length === 0) {
      this.#opts.fallbackSound?.play(sound);
      return;
    }
    this.#pendingSound = sound;
  }

  close(id: string): void {
    this.#pending = this.#pending.filter((n) => n.id !== id);
    this.#enqueue(async () => {
      const serverId = this.#serverIds.get(id);
      if (serverId === undefined) return;
      this.#serverIds.delete(id);
      this.#shown.delete(serverId);
      await this.#opts.server.close(serverId);
    });
  }

  closeAll(): void {
    this.#pending = [];
    for (const id of [...this.#serverIds.keys()]) this.close(id);
  }

  /** A notification of Perch's own (an action's failure): no actions, nothing it replaces. */
  tell(summary: string, body: string): void {
    this.#enqueue(() =>
      this.#opts.server.notify({
        replacesId: 0,
        summary,
        body,
        actions: [],
        hints: { category: 'im.error', desktopEntry: 'perch' },
      }),
    );
  }

  /** Resolves once every call asked for so far has been made (tests and shutdown). */
  async settled(): Promise<void> {
    // One turn first: a show() of this turn is flushed in a microtask queued before this one.
    await Promise.resolve();
    await this.#chain;
  }

  /** Leaves the bus once what was asked has been said (the Core is closing). */
  disconnect(): void {
    void this.settled().then(() => this.#opts.server.disconnect());
  }

  #flush(): void {
    const batch = this.#pending;
    const sound = this.#pendingSound;
    this.#pending = [];
    this.#pendingSound = undefined;
    const carriesSound = this.capabilities.has('sound');
    if (sound !== undefined && !carriesSound) this.#opts.fallbackSound?.play(sound);
    batch.forEach((notification, i) => {
      // One sound per batch, on its newest notification, as the policy decided one per batch.
      const withSound = i === batch.length - 1 ? sound : undefined;
      this.#enqueue(() => this.#notify(notification, withSound));
    });
  }

  async #notify(notification: ShownNotification, sound: string | undefined): Promise<void> {
    const hints: NotifyRequest['hints'] = { category: 'im.received', desktopEntry: 'perch' };
    if (sound !== undefined) {
      hints.soundName = SOUND_NAME;
      const file = this.#opts.soundFile?.(sound);
      if (file) hints.soundFile = file;
    }
    const previous = this.#serverIds.get(notification.id);
    const id = await this.#opts.server.notify({
      replacesId: previous ?? 0,
      summary: notification.title,
      body: notification.body,
      actions: actionsFor(notification, this.capabilities),
      hints,
    });
    if (previous !== undefined && previous !== id) this.#shown.delete(previous);
    this.#serverIds.set(notification.id, id);
    this.#shown.set(id, notification);
  }

  /**
   * Runs `then` with the notification a signal names. The server's answer to Notify comes
   * before any signal about its id (Desktop Notifications Specification, "Notify"), but both
   * can be read in one go, the signal handled before the answer's continuation has recorded
   * the id: one not known yet is looked up again once the calls under way have been made. A
   * dismissal read that way too lets the id go, or the conversation's next notification would
   * replace one the user already closed.
   */
  #about(id: number, then: (notification: ShownNotification) => void): void {
    const known = this.#shown.get(id);
    if (known) {
      then(known);
      return;
    }
    void this.#chain.then(() => {
      const notification = this.#shown.get(id);
      if (notification) then(notification);
    });
  }

  #invoked(notification: ShownNotification, key: string): void {
    const kind: NotificationActionKind | undefined =
      key === DEFAULT_ACTION
        ? 'open'
        : key === 'read'
          ? 'read'
          : key === 'mute'
            ? 'mute'
            : undefined;
    if (kind) this.#opts.onAction({ kind, notification });
  }

  #enqueue(call: () => Promise<unknown>): void {
    // A call that fails (the server went away) must not stop the ones after it.
    this.#chain = this.#chain.then(call).catch(() => undefined);
  }
}

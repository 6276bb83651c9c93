/**
 * Scheduled messages (upstream's `GET`/`POST /scheduled_messages`, `PATCH`/`DELETE
 * /scheduled_messages/{scheduled_message_id}`, the `scheduled_messages` events and the
 * register state of that name). At its time, on the server's clock, the message is sent as
 * its author and the scheduled copy is gone (a `remove` event). When sending fails (the
 * channel was archived, a recipient left, the author may no longer post) it stays listed
 * with `failed: true` (an `update` event) and the notification bot tells the author, as
 * upstream does; editing it then needs a new time.
 */
import { perContext, type ServerContext } from '../context.ts';
import { DueItems, futureTime } from '../due/due-items.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../messages/limits.ts';
import { notificationBot } from '../messages/notification-bot.ts';
import { channelRecipient, directRecipients } from '../messages/recipient-params.ts';
import { messaging, renderOptionsOf } from '../messages/service.ts';
import { checkTopicAllowed } from '../messages/topics-policy.ts';
import { ROLE, type UserRecord } from '../state/types.ts';

export type ScheduledMessageRecord =
  | {
      scheduled_message_id: number;
      type: 'stream';
      to: number;
      topic: string;
      content: string;
      rendered_content: string;
      scheduled_delivery_timestamp: number;
      failed: boolean;
    }
  | {
      scheduled_message_id: number;
      type: 'private';
      to: number[];
      content: string;
      rendered_content: string;
      scheduled_delivery_timestamp: number;
      failed: boolean;
    };

/** What a create or an edit asks for, before it is checked. */
export interface ScheduledInput {
  type?: string;
  to?: string;
  topic?: string;
  content?: string;
  at?: number;
}

interface Entry {
  record: ScheduledMessageRecord;
  client: string;
}

const NOT_FOUND = 'Scheduled message does not exist';

function copy(r: ScheduledMessageRecord): ScheduledMessageRecord {
  return r.type === 'private' ? { ...r, to: [...r.to] } : { ...r };
}

class ScheduledMessages {
  private nextId = 1;
  private readonly due: DueItems<Entry>;

  constructor(private readonly ctx: ServerContext) {
    this.due = new DueItems(ctx, (id, entry, owner) => this.deliver(id, entry, owner));
  }

  create(user: UserRecord, input: ScheduledInput, client: string): number {
    const at = this.futureTime(input.at);
    const target = this.target(user, input.type ?? '', input.to ?? '', input.topic);
    const content = this.content(input.content ?? '');
    const record = this.build(user, this.nextId++, target, content, at);
    this.due.set(record.scheduled_message_id, user.user_id, { record, client }, at);
    this.ctx.events.emit([user.user_id], {
      type: 'scheduled_messages',
      op: 'add',
      scheduled_messages: [copy(record)],
    });
    return record.scheduled_message_id;
  }

  /** The author's undelivered ones, soonest first (upstream get-scheduled-messages). */
  list(user: UserRecord): ScheduledMessageRecord[] {
    return this.due
      .ownedBy(user.user_id)
      .map((e) => copy(e.record))
      .sort(
        (a, b) =>
          a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp ||
          a.scheduled_message_id - b.scheduled_message_id,
      );
  }

  update(user: UserRecord, id: number, input: ScheduledInput): void {
    const entry = this.owned(user, id);
    const old = entry.record;
    // A failed one goes out again only at a time its author chose anew (upstream
    // update-scheduled-message, `scheduled_delivery_timestamp`).
    if (old.failed && input.at === undefined)
      throw badRequest('Scheduled delivery time must be in the future.');
    const at =
      input.at === undefined ? old.scheduled_delivery_timestamp : this.futureTime(input.at);
    let target: Target;
    if (input.type !== undefined) {
      if (input.to === undefined)
        throw badRequest('Recipient required when updating type of scheduled message.');
      target = this.target(user, input.type, input.to, input.topic);
    } else if (input.to !== undefined) {
      target = this.target(
        user,
        old.type,
        input.to,
        input.topic ?? (old.type === 'stream' ? old.topic : undefined),
      );
    } else if (old.type === 'stream') {
      const topic = input.topic ?? old.topic;
      target = this.target(user, 'stream', String(old.to), topic);
    } else {
      target = { kind: 'private', to: [...old.to] };
    }
    const content = input.content === undefined ? old.content : this.content(input.content);
    const record = this.build(user, id, target, content, at);
    this.due.set(id, user.user_id, { ...entry, record }, at);
    this.ctx.events.emit([user.user_id], {
      type: 'scheduled_messages',
      op: 'update',
      scheduled_message: copy(record),
    });
  }

  remove(user: UserRecord, id: number): void {
    this.owned(user, id);
    this.forget(id, user.user_id);
  }

  private owned(user: UserRecord, id: number): Entry {
    const entry = this.due.owned(user.user_id, id);
    if (!entry) throw notFound(NOT_FOUND);
    return entry;
  }

  private futureTime(at: number | undefined): number {
    if (at === undefined) throw badRequest('Missing scheduled_delivery_timestamp argument');
    return futureTime(this.ctx, at);
  }

  private content(raw: string): string {
    if (raw.trim() === '') throw badRequest('Message must not be empty');
    return raw.length > MAX_MESSAGE_LENGTH ? raw.slice(0, MAX_MESSAGE_LENGTH) : raw;
  }

  /** The same checks as sending now (POST /messages), so a scheduled one fails early. */
  private target(user: UserRecord, type: string, to: string, topic: string | undefined): Target {
    const { state } = this.ctx;
    if (type === 'stream' || type === 'channel') {
      const channel = channelRecipient(state, to);
      const subscribed = state.subscription(user.user_id, channel.stream_id) !== undefined;
      const mayPost =
        subscribed || (!channel.invite_only && user.role !== ROLE.guest) || user.is_bot;
      if (!mayPost || channel.is_archived) throw badRequest('Not authorized to send to channel');
      const t = (topic ?? '').trim();
      if (t === '' && state.featureLevel < 334) throw badRequest("Topic can't be empty!");
      checkTopicAllowed(state, t);
      return { kind: 'stream', to: channel.stream_id, topic: t.slice(0, MAX_TOPIC_LENGTH) };
    }
    if (type === 'private' || type === 'direct') {
      const users = directRecipients(state, to);
      return { kind: 'private', to: users.map((u) => u.user_id).sort((a, b) => a - b) };
    }
    throw badRequest('Invalid message type');
  }

  private build(
    user: UserRecord,
    id: number,
    target: Target,
    content: string,
    at: number,
  ): ScheduledMessageRecord {
    const rendered = messaging(this.ctx).renderer.render(content, renderOptionsOf(user)).html;
    const common = {
      scheduled_message_id: id,
      content,
      rendered_content: rendered,
      scheduled_delivery_timestamp: at,
      failed: false,
    };
    return target.kind === 'stream'
      ? { ...common, type: 'stream', to: target.to, topic: target.topic }
      : { ...common, type: 'private', to: target.to };
  }

  private forget(id: number, owner: number): void {
    this.due.delete(id);
    this.ctx.events.emit([owner], {
      type: 'scheduled_messages',
      op: 'remove',
      scheduled_message_id: id,
    });
  }

  private deliver(id: number, entry: Entry, owner: number): void {
    const user = this.ctx.state.users.get(owner);
    if (!user?.is_active) {
      this.forget(id, owner);
      return;
    }
    const r = entry.record;
    try {
      // Checked again: the world may have changed since it was scheduled.
      const target =
        r.type === 'stream'
          ? this.target(user, 'stream', String(r.to), r.topic)
          : this.target(user, 'private', JSON.stringify(r.to), undefined);
      const m = messaging(this.ctx);
      m.send({
        sender: user,
        content: r.content,
        client: entry.client,
        ...(target.kind === 'stream'
          ? { streamId: target.to, topic: target.topic }
          : { dmUserIds: target.to }),
      });
      this.forget(id, owner);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      this.fail(id, entry, user, e.message);
    }
  }

  private fail(id: number, entry: Entry, user: UserRecord, why: string): void {
    const record = { ...entry.record, failed: true };
    this.due.replace(id, { ...entry, record });
    this.ctx.events.emit([user.user_id], {
      type: 'scheduled_messages',
      op: 'update',
      scheduled_message: copy(record),
    });
    messaging(this.ctx).send({
      sender: notificationBot(this.ctx.state),
      dmUserIds: [user.user_id],
      content: `The message you scheduled was not sent because of the following error:\n\`\`\`quote\n${why}\n\`\`\``,
    });
  }
}

type Target = { kind: 'stream'; to: number; topic: string } | { kind: 'private'; to: number[] };

export const scheduledMessages = perContext((ctx) => new ScheduledMessages(ctx));

/**
 * Message reminders (upstream's `POST /reminders`, `GET /reminders`, `DELETE
 * /reminders/{reminder_id}` and the `reminders` events): at its time, on the server's
 * clock, the notification bot sends the user a direct message that links the message and
 * quotes it, and the reminder is gone (a `remove` event), as upstream does.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { TimerHandle } from '../../lib/clock.ts';
import { notificationBot } from '../messages/notification-bot.ts';
import { readableMessage } from '../messages/reactions.ts';
import { messaging } from '../messages/service.ts';
import type { StoredMessage } from '../messages/types.ts';
import type { UserRecord } from '../state/types.ts';

export interface ReminderRecord {
  reminder_id: number;
  type: 'private';
  to: number[];
  content: string;
  rendered_content: string;
  scheduled_delivery_timestamp: number;
  failed: boolean;
  reminder_target_message_id: number;
}

interface Entry {
  record: ReminderRecord;
  owner: number;
  timer: TimerHandle;
}

class Reminders {
  private nextId = 1;
  readonly entries = new Map<number, Entry>();

  constructor(private readonly ctx: ServerContext) {}

  create(user: UserRecord, messageId: number, at: number, note: string | undefined): number {
    const m = messaging(this.ctx);
    const message = readableMessage(m, user, messageId);
    if (at <= nowSeconds(this.ctx))
      throw badRequest('Scheduled delivery time must be in the future.');
    const content = reminderContent(this.ctx, message, note);
    const record: ReminderRecord = {
      reminder_id: this.nextId++,
      type: 'private',
      to: [user.user_id],
      content,
      rendered_content: m.renderer.render(content, { translateEmoticons: false }).html,
      scheduled_delivery_timestamp: at,
      failed: false,
      reminder_target_message_id: message.id,
    };
    const delay = (at - nowSeconds(this.ctx)) * 1000;
    const timer = this.ctx.clock.setTimeout(() => this.deliver(record.reminder_id), delay);
    this.entries.set(record.reminder_id, { record, owner: user.user_id, timer });
    this.ctx.events.emit([user.user_id], {
      type: 'reminders',
      op: 'add',
      reminders: [{ ...record, to: [...record.to] }],
    });
    return record.reminder_id;
  }

  list(user: UserRecord): ReminderRecord[] {
    return [...this.entries.values()]
      .filter((e) => e.owner === user.user_id)
      .map((e) => ({ ...e.record, to: [...e.record.to] }));
  }

  remove(user: UserRecord, id: number): void {
    const entry = this.entries.get(id);
    if (!entry || entry.owner !== user.user_id) throw notFound('Reminder does not exist');
    this.ctx.clock.clearTimeout(entry.timer);
    this.forget(entry);
  }

  private forget(entry: Entry): void {
    this.entries.delete(entry.record.reminder_id);
    this.ctx.events.emit([entry.owner], {
      type: 'reminders',
      op: 'remove',
      reminder_id: entry.record.reminder_id,
    });
  }

  private deliver(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const m = messaging(this.ctx);
    const user = this.ctx.state.users.get(entry.owner);
    if (user?.is_active) {
      m.send({
        sender: notificationBot(this.ctx.state),
        dmUserIds: [entry.owner],
        content: entry.record.content,
      });
    }
    this.forget(entry);
  }
}

/** What the notification bot says: a link to the message, the note, and the message quoted. */
function reminderContent(ctx: ServerContext, message: StoredMessage, note: string | undefined) {
  const channel =
    message.stream_id === null ? undefined : ctx.state.channels.get(message.stream_id);
  const where = channel
    ? `#**${channel.name}>${message.topic}@${message.id}**`
    : 'the following direct message';
  const sender = ctx.state.users.get(message.sender_id);
  const lines = [`You requested a reminder for ${where}.`];
  if (note && note.trim() !== '') lines.push('', 'Note:', `> ${note.trim()}`);
  const name = sender ? `@_**${sender.full_name}|${sender.user_id}**` : 'Someone';
  lines.push('', `${name} said:`, '```quote', message.content, '```');
  return lines.join('\n');
}

const instances = new WeakMap<ServerContext, Reminders>();

export function reminders(ctx: ServerContext): Reminders {
  let r = instances.get(ctx);
  if (!r) {
    r = new Reminders(ctx);
    instances.set(ctx, r);
  }
  return r;
}

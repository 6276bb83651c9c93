/**
 * Message reminders (upstream's `POST /reminders`, `GET /reminders`, `DELETE
 * /reminders/{reminder_id}` and the `reminders` events): at its time, on the server's
 * clock, the notification bot sends the user a direct message that links the message and
 * quotes it, and the reminder is gone (a `remove` event), as upstream does.
 */
import { perContext, type ServerContext } from '../context.ts';
import { DueItems, futureTime } from '../due/due-items.ts';
import { notFound } from '../http/errors.ts';
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

class Reminders {
  private nextId = 1;
  private readonly due: DueItems<ReminderRecord>;

  constructor(private readonly ctx: ServerContext) {
    this.due = new DueItems(ctx, (id, record, owner) => this.deliver(id, record, owner));
  }

  create(user: UserRecord, messageId: number, at: number, note: string | undefined): number {
    const m = messaging(this.ctx);
    const message = readableMessage(m, user, messageId);
    futureTime(this.ctx, at);
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
    this.due.set(record.reminder_id, user.user_id, record, at);
    this.ctx.events.emit([user.user_id], {
      type: 'reminders',
      op: 'add',
      reminders: [{ ...record, to: [...record.to] }],
    });
    return record.reminder_id;
  }

  list(user: UserRecord): ReminderRecord[] {
    return this.due.ownedBy(user.user_id).map((r) => ({ ...r, to: [...r.to] }));
  }

  remove(user: UserRecord, id: number): void {
    if (!this.due.owned(user.user_id, id)) throw notFound('Reminder does not exist');
    this.forget(id, user.user_id);
  }

  private forget(id: number, owner: number): void {
    this.due.delete(id);
    this.ctx.events.emit([owner], { type: 'reminders', op: 'remove', reminder_id: id });
  }

  private deliver(id: number, record: ReminderRecord, owner: number): void {
    const user = this.ctx.state.users.get(owner);
    if (user?.is_active) {
      messaging(this.ctx).send({
        sender: notificationBot(this.ctx.state),
        dmUserIds: [owner],
        content: record.content,
      });
    }
    this.forget(id, owner);
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

export const reminders = perContext((ctx) => new Reminders(ctx));

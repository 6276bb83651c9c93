/**
 * Message events: they change only the unread index, since AccountState keeps no message
 * bodies (the message view fetches and renders those itself).
 */
import type { AccountModel } from './account-model.ts';
import type {
  DeleteMessageEvent,
  MessageDetails,
  MessageEvent,
  UpdateMessageEvent,
  UpdateMessageFlagsEvent,
} from './state-types.ts';
import { isWildcardMention } from './mention-flags.ts';
import type { UnreadMessage } from './unreads.ts';

function mentionFlags(flags: readonly string[]): Pick<UnreadMessage, 'mentioned' | 'wildcard'> {
  return {
    mentioned: flags.includes('mentioned'),
    wildcard: isWildcardMention(flags),
  };
}

export function applyMessage(model: AccountModel, e: MessageEvent): void {
  if (e.flags.includes('read')) return;
  const m = e.message;
  model.unreads.set(
    m.id,
    m.type === 'stream'
      ? { type: 'stream', stream_id: m.stream_id, topic: m.subject, ...mentionFlags(e.flags) }
      : { type: 'private', ...mentionFlags(e.flags) },
  );
}

/** An edit may add or remove a mention of the user; a move changes channel and/or topic. */
export function applyUpdateMessage(model: AccountModel, e: UpdateMessageEvent): void {
  if (e.flags.includes('read')) model.unreads.delete(e.message_id);
  else model.unreads.update(e.message_id, mentionFlags(e.flags));
  if (e.new_stream_id === undefined && e.subject === undefined) return;
  const moved: Partial<UnreadMessage> = {};
  if (e.new_stream_id !== undefined) moved.stream_id = e.new_stream_id;
  if (e.subject !== undefined) moved.topic = e.subject;
  for (const id of e.message_ids) model.unreads.update(id, moved);
}

export function applyDeleteMessage(model: AccountModel, e: DeleteMessageEvent): void {
  const ids = e.message_ids ?? (e.message_id === undefined ? [] : [e.message_id]);
  for (const id of ids) model.unreads.delete(id);
}

function fromDetails(d: MessageDetails): UnreadMessage {
  const mentioned = d.mentioned === true;
  return d.type === 'stream'
    ? { type: 'stream', stream_id: d.stream_id, topic: d.topic ?? '', mentioned, wildcard: false }
    : { type: 'private', mentioned, wildcard: false };
}

/** Only the `read` flag moves messages in or out of the unread sets. */
export function applyUpdateMessageFlags(model: AccountModel, e: UpdateMessageFlagsEvent): void {
  if (e.flag !== 'read') return;
  if (e.op === 'add') {
    if (e.all) model.unreads.clear();
    else for (const id of e.messages) model.unreads.delete(id);
    return;
  }
  for (const id of e.messages) {
    const details = e.message_details?.[String(id)];
    if (details !== undefined && !model.unreads.has(id))
      model.unreads.set(id, fromDetails(details));
  }
}

/**
 * What the server holds now, as the checks `reconciled` asks after a lost answer: one
 * message's flags, reactions, text and place, or that it is gone; a batch's flags; a
 * narrow's unread state from a message on.
 */
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { getMessage, getMessages } from '../../api/routes/messages.ts';
import type { Narrow } from '../../api/routes/narrow.ts';

type Read = Awaited<ReturnType<typeof getMessage>>['data'];

async function read(client: ApiClient, messageId: number): Promise<Read | 'gone'> {
  try {
    return (await getMessage(client, messageId, { apply_markdown: false })).data;
  } catch (err) {
    // Deleted, or moved where the user cannot see it (spec: "Invalid message(s)").
    if (err instanceof ApiError && err.code === 'BAD_REQUEST') return 'gone';
    throw err;
  }
}

/** A server too old to return the message object cannot answer the question. */
function messageOf(r: Read): NonNullable<Read['message']> {
  if (!r.message) throw new Error('the server does not return the message to check it');
  return r.message;
}

export async function hasFlag(client: ApiClient, messageId: number, flag: string) {
  const r = await read(client, messageId);
  return r !== 'gone' && messageOf(r).flags.includes(flag);
}

export async function hasMyReaction(
  client: ApiClient,
  messageId: number,
  userId: number,
  emoji: { code: string; type: string },
): Promise<boolean> {
  const r = await read(client, messageId);
  return (
    r !== 'gone' &&
    messageOf(r).reactions.some(
      (x) => x.user_id === userId && x.emoji_code === emoji.code && x.reaction_type === emoji.type,
    )
  );
}

/** Servers keep a message's text without trailing blanks or leading blank lines. */
const asStored = (content: string | undefined) => content?.trimEnd().replace(/^\n+/, '');

/** Whether the message reads and sits as an edit or move asked (fields left out not checked). */
export async function readsAs(
  client: ApiClient,
  messageId: number,
  want: { content?: string | undefined; topic?: string | undefined; streamId?: number | undefined },
): Promise<boolean> {
  const r = await read(client, messageId);
  if (r === 'gone') return false;
  if (want.content !== undefined && asStored(r.raw_content) !== asStored(want.content))
    return false;
  if (want.topic === undefined && want.streamId === undefined) return true;
  const m = messageOf(r);
  return (
    (want.topic === undefined || m.subject === want.topic.trim()) &&
    (want.streamId === undefined || m.stream_id === want.streamId)
  );
}

export async function isGone(client: ApiClient, messageId: number): Promise<boolean> {
  return (await read(client, messageId)) === 'gone';
}

/** Before `message_ids` (FL 300) each message is read alone: only this many are worth it. */
const ONE_BY_ONE_MAX = 50;

/** Whether every one of these messages that still exists carries `flag`. */
export async function allHaveFlag(
  client: ApiClient,
  messageIds: readonly number[],
  flag: string,
): Promise<boolean> {
  if ((await client.featureLevel()) >= 300) {
    const { data } = await getMessages(client, { message_ids: messageIds, apply_markdown: false });
    return data.messages.every((m) => m.flags.includes(flag));
  }
  if (messageIds.length > ONE_BY_ONE_MAX) throw new Error('too many messages to check one by one');
  for (const id of messageIds) {
    const r = await read(client, id);
    if (r !== 'gone' && !messageOf(r).flags.includes(flag)) return false;
  }
  return true;
}

/**
 * How many of the message's submessages (a widget's votes, options and tasks) are the user's
 * with exactly this content: one more than before a lost answer means the server took it.
 * Upstream's message object carries them as `submessages`, each with its `sender_id` and
 * `content` (GET /messages/{message_id}).
 */
export async function mySubmessages(
  client: ApiClient,
  messageId: number,
  userId: number,
  content: string,
): Promise<number> {
  const r = await read(client, messageId);
  if (r === 'gone') return 0;
  return (messageOf(r).submessages ?? []).filter((raw) => {
    const s = raw as { sender_id?: unknown; content?: unknown } | null;
    return s?.sender_id === userId && s.content === content;
  }).length;
}

/** How many messages from the anchor on are read back after a lost mark-unread. */
const UNREAD_WINDOW = 100;

/**
 * Whether the narrow reads as unread from `anchor` on: the anchor unread, and so every later
 * message someone else sent. The user's own messages are left out, since one sent after the
 * lost answer is read as it should be.
 */
export async function unreadFrom(
  client: ApiClient,
  anchor: number,
  narrow: Narrow,
  myUserId: number,
): Promise<boolean> {
  const { data } = await getMessages(client, {
    anchor,
    include_anchor: true,
    num_before: 0,
    num_after: UNREAD_WINDOW,
    narrow,
    apply_markdown: false,
  });
  const unread = (m: { flags: string[] }) => !m.flags.includes('read');
  return (
    data.messages.some((m) => m.id === anchor && unread(m)) &&
    data.messages.every((m) => m.id === anchor || m.sender_id === myUserId || unread(m))
  );
}

/** The message in words for a sentence: "Alice's message in #general › deploy". */
export async function describeMessage(
  client: ApiClient,
  messageId: number,
  myUserId: number,
): Promise<string> {
  const r = await read(client, messageId);
  if (r === 'gone') return 'a message that is gone';
  const m = messageOf(r);
  const whose = m.sender_id === myUserId ? 'your' : `${m.sender_full_name}'s`;
  if (typeof m.display_recipient === 'string')
    return `${whose} message in #${m.display_recipient} › ${m.subject === '' ? 'general chat' : m.subject}`;
  return `${whose} direct message`;
}

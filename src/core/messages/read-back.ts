/**
 * What the server holds for one message now, as the checks `reconciled` asks after a lost
 * answer: its flags, its reactions, its text and where it is, or that it is gone.
 */
import type { ApiClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { getMessage } from '../../api/routes/messages.ts';

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

/** Whether the message reads and sits as an edit or move asked (fields left out not checked). */
export async function readsAs(
  client: ApiClient,
  messageId: number,
  want: { content?: string | undefined; topic?: string | undefined; streamId?: number | undefined },
): Promise<boolean> {
  const r = await read(client, messageId);
  if (r === 'gone') return false;
  if (want.content !== undefined && r.raw_content !== want.content) return false;
  if (want.topic === undefined && want.streamId === undefined) return true;
  const m = messageOf(r);
  return (
    (want.topic === undefined || m.subject === want.topic) &&
    (want.streamId === undefined || m.stream_id === want.streamId)
  );
}

export async function isGone(client: ApiClient, messageId: number): Promise<boolean> {
  return (await read(client, messageId)) === 'gone';
}

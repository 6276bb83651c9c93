/**
 * After a lost queue: every message the account received after the newest one it had,
 * fetched oldest first in pages until the server says there is nothing newer.
 */
import type { ApiClient } from '../../api/client.ts';
import { getMessages } from '../../api/routes/messages.ts';
import type { UnreadMessages } from '../../api/schemas/register.ts';
import type { MissedMessage } from '../store/account-store.ts';

const PAGE = 1000;

export async function fetchMissedMessages(
  client: ApiClient,
  afterId: number,
  signal?: AbortSignal,
): Promise<MissedMessage[]> {
  const missed: MissedMessage[] = [];
  let anchor = afterId;
  for (;;) {
    const { data } = await getMessages(
      client,
      {
        anchor,
        include_anchor: false,
        num_before: 0,
        num_after: PAGE,
        apply_markdown: true,
        client_gravatar: true,
      },
      signal,
    );
    for (const { flags, ...message } of data.messages) missed.push({ message, flags });
    const last = data.messages[data.messages.length - 1];
    if (data.found_newest !== false || last === undefined) return missed;
    anchor = last.id;
  }
}

/** Ids per GET /messages: well under spec 4.5's 5000, so the query string stays short. */
const IDS_PER_PAGE = 1000;

/**
 * After a start from the cache: the messages that arrived while Perch was closed and are
 * still unread. Only an unread message can notify (docs/notifications.md, rule A7), so the
 * register answer's unread index names every one worth deciding: those newer than the
 * newest the cache had decided, fetched by id (spec 4.5 `message_ids`) with their flags.
 */
export async function fetchUnreadSince(
  client: ApiClient,
  unread: UnreadMessages | undefined,
  afterId: number,
  signal?: AbortSignal,
): Promise<MissedMessage[]> {
  if (!unread || afterId < 0) return [];
  const all = [
    ...unread.pms.flatMap((p) => p.unread_message_ids),
    ...unread.streams.flatMap((s) => s.unread_message_ids),
    ...unread.huddles.flatMap((h) => h.unread_message_ids),
    ...unread.mentions,
  ];
  const newer = [...new Set(all.filter((id) => id > afterId))].sort((a, b) => a - b);
  const found: MissedMessage[] = [];
  for (let i = 0; i < newer.length; i += IDS_PER_PAGE) {
    const { data } = await getMessages(
      client,
      {
        message_ids: newer.slice(i, i + IDS_PER_PAGE),
        apply_markdown: true,
        client_gravatar: true,
      },
      signal,
    );
    for (const { flags, ...message } of data.messages) found.push({ message, flags });
  }
  return found.sort((a, b) => a.message.id - b.message.id);
}

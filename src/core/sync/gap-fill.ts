/**
 * After a lost queue: every message the account received after the newest one it had,
 * fetched oldest first in pages until the server says there is nothing newer.
 */
import type { ApiClient } from '../../api/client.ts';
import { getMessages } from '../../api/routes/messages.ts';
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

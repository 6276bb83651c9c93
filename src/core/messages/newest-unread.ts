/**
 * Where the window opens when the user has accounts: the conversation holding the newest
 * unread message across every account. Message ids only order messages within one server,
 * so between accounts the messages' own timestamps decide.
 */
import type { ApiClient } from '../../api/client.ts';
import { getMessages } from '../../api/routes/messages.ts';
import type { OpenTarget } from '../notify/notifier.ts';
import type { UnreadSummary } from '../model/unread-summary.ts';

export interface AccountUnreads {
  accountId: string;
  myUserId: number;
  summary: UnreadSummary | undefined;
  client: () => Promise<ApiClient>;
}

export async function newestUnread(
  accounts: readonly AccountUnreads[],
): Promise<OpenTarget | null> {
  const candidates = accounts.flatMap((a) =>
    a.summary?.newest ? [{ account: a, newest: a.summary.newest }] : [],
  );
  if (candidates.length === 0) return null;
  const dated = await Promise.all(
    candidates.map(async (c) => ({
      ...c,
      // One account's server not answering must not keep the others' unread from opening.
      at: candidates.length === 1 ? 0 : await sentAt(c.account, c.newest.messageId).catch(() => -1),
    })),
  );
  const { account, newest } = dated.reduce((a, b) => (b.at > a.at ? b : a));
  const { place } = newest;
  return {
    accountId: account.accountId,
    messageId: newest.messageId,
    narrow:
      'streamId' in place
        ? [
            // By name when known: the narrow bar shows it to the user.
            { operator: 'channel', operand: newest.channelName ?? place.streamId },
            { operator: 'topic', operand: place.topic },
          ]
        : [
            {
              operator: 'dm',
              operand: place.userIds.length > 0 ? place.userIds : [account.myUserId],
            },
          ],
  };
}

async function sentAt(account: AccountUnreads, messageId: number): Promise<number> {
  const { data } = await getMessages(await account.client(), {
    message_ids: [messageId],
    apply_markdown: false,
  });
  return data.messages[0]?.timestamp ?? -1;
}

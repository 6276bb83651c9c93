/** One window of a narrow's history, as GET /messages returns it. */
import type { ApiClient } from '../../api/client.ts';
import { getMessages } from '../../api/routes/messages.ts';
import type { z } from 'zod';
import type { FetchMessagesArgs, MessagesPage } from '../../contract/schemas/messages.ts';
import { emptyTopicParams } from './empty-topic.ts';

export async function fetchPage(
  client: ApiClient,
  args: z.output<typeof FetchMessagesArgs>,
): Promise<MessagesPage> {
  const { data } = await getMessages(client, {
    narrow: args.narrow,
    anchor: args.anchor,
    ...(args.anchorDate !== undefined && args.anchor === 'date'
      ? { anchor_date: args.anchorDate }
      : {}),
    include_anchor: args.includeAnchor ?? true,
    num_before: args.numBefore,
    num_after: args.numAfter,
    apply_markdown: true,
    ...(await emptyTopicParams(client)),
  });
  return {
    messages: data.messages,
    // Older servers leave found_anchor out when there was no numeric anchor to find.
    foundAnchor: data.found_anchor ?? true,
    foundOldest: data.found_oldest ?? false,
    foundNewest: data.found_newest ?? false,
    historyLimited: data.history_limited ?? false,
    anchor: Number.isSafeInteger(data.anchor) ? (data.anchor as number) : null,
  };
}

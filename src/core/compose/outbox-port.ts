/**
 * The outbox's way to the server (outbox.ts): POST /messages with the account's queue and a
 * local id, and the look-up of the user's own recent messages in a conversation.
 */
import type { ApiClient } from '../../api/client.ts';
import { ApiError, NetworkError } from '../../api/errors.ts';
import { getMessages, sendMessage } from '../../api/routes/messages.ts';
import type { Narrow } from '../../api/routes/narrow.ts';
import { emptyTopicParams } from '../messages/empty-topic.ts';
import type { OutboxEntry } from '../../contract/schemas/outbox.ts';
import type { LookupOutcome, OutboxPort, SendOutcome } from './outbox.ts';

/** How many of the user's newest messages in the conversation a look-up reads. */
const LOOKUP_DEPTH = 50;
/** Server and host clocks may differ: a message this much older than Send still counts. */
const CLOCK_SLACK_SECONDS = 600;

/** Failures where the request never left this machine: nothing can have arrived. */
function neverLeft(err: NetworkError): boolean {
  if (err.kind === 'refused' || err.kind === 'dns' || err.kind === 'tls') return true;
  return err.kind === 'proxy' && err.proxy?.reason !== 'dropped';
}

export function sendOutcomeOf(err: unknown): SendOutcome {
  if (err instanceof ApiError)
    return {
      kind: 'refused',
      reason: `The server refused it${err.msg ? `: ${err.msg}` : '.'}`.replace(/([^.!?])$/, '$1.'),
    };
  // Offline: nothing left this computer, so sending it later can never double it.
  if (err instanceof NetworkError && neverLeft(err)) return { kind: 'offline' };
  return { kind: 'unknown' };
}

function conversation(entry: OutboxEntry, myUserId: number): Narrow {
  const me = { operator: 'sender', operand: myUserId };
  if (entry.to.type === 'stream')
    return [
      me,
      { operator: 'channel', operand: entry.to.streamId },
      { operator: 'topic', operand: entry.to.topic },
    ];
  return [me, { operator: 'dm', operand: entry.to.userIds }];
}

export function clientOutboxPort(opts: {
  client: () => Promise<{ client: ApiClient; myUserId: number }>;
  queueId: () => string | undefined;
}): OutboxPort {
  return {
    queueId: opts.queueId,
    async send(entry, queueId): Promise<SendOutcome> {
      try {
        const { client } = await opts.client();
        const echo = { local_id: entry.localId, ...(queueId ? { queue_id: queueId } : {}) };
        const params =
          entry.to.type === 'stream'
            ? {
                type: 'stream' as const,
                to: entry.to.streamId,
                topic: entry.to.topic,
                content: entry.content,
                ...echo,
              }
            : { type: 'direct' as const, to: entry.to.userIds, content: entry.content, ...echo };
        const { data } = await sendMessage(client, params);
        return { kind: 'sent', messageId: data.id };
      } catch (err) {
        return sendOutcomeOf(err);
      }
    },
    async lookup(entry, claimed): Promise<LookupOutcome> {
      try {
        const { client, myUserId } = await opts.client();
        const { data } = await getMessages(client, {
          anchor: 'newest',
          num_before: LOOKUP_DEPTH,
          num_after: 0,
          narrow: conversation(entry, myUserId),
          apply_markdown: false,
          ...(await emptyTopicParams(client)),
        });
        const since = Math.floor(entry.createdAt / 1000) - CLOCK_SLACK_SECONDS;
        const text = entry.content.trim();
        const match = data.messages.find(
          (m) =>
            m.sender_id === myUserId &&
            m.timestamp >= since &&
            !claimed.has(m.id) &&
            m.content.trim() === text,
        );
        return match ? { kind: 'found', messageId: match.id } : { kind: 'absent' };
      } catch {
        return { kind: 'unknown' };
      }
    },
  };
}

/**
 * A stored message as one viewer receives it, in GET /messages and in `message` events:
 * rendered or raw content, avatar URLs per `client_gravatar`, and the empty topic shown
 * by its display name unless the client handles empty topics itself.
 */
import type { ServerContext } from '../context.ts';
import { linkifierMatches } from '../markdown/linkifiers.ts';
import { avatarUrl, canSeeEmail } from '../state/present.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import { systemBot } from './notification-bot.ts';
import type { MessageStore } from './store.ts';
import type { StoredMessage } from './types.ts';

export interface FormatOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
}

export function topicLinks(state: ServerState, topic: string): { text: string; url: string }[] {
  return linkifierMatches(topic, state.linkifiers.values()).map(({ text, url }) => ({ text, url }));
}

export function formatMessage(
  ctx: ServerContext,
  store: MessageStore,
  viewer: UserRecord,
  m: StoredMessage,
  opts: FormatOptions,
): Record<string, unknown> {
  const { state } = ctx;
  const sender = state.users.get(m.sender_id) ?? systemBot(state, m.sender_id);
  const senderEmail = sender?.email ?? '';
  const topic =
    m.type === 'stream' && m.topic === '' && !opts.allowEmptyTopicName
      ? state.realm.empty_topic_display_name
      : m.topic;
  const displayRecipient =
    m.dm_user_ids === null
      ? (state.channels.get(m.stream_id ?? 0)?.name ?? '')
      : m.dm_user_ids.map((id) => {
          const u = state.users.get(id);
          return {
            id,
            email: u?.email ?? '',
            full_name: u?.full_name ?? '',
            is_mirror_dummy: false,
          };
        });
  const out: Record<string, unknown> = {
    id: m.id,
    sender_id: m.sender_id,
    sender_email: senderEmail,
    sender_full_name: sender?.full_name ?? '',
    // Human avatars come from the third-party avatar service, whose URL a client that asked
    // for client_gravatar computes itself from an email it can see.
    avatar_url:
      sender && (!opts.clientGravatar || sender.is_bot || !canSeeEmail(viewer, sender))
        ? avatarUrl(ctx.baseUrl, sender)
        : null,
    client: m.client,
    content: opts.applyMarkdown ? m.rendered : m.content,
    content_type: opts.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient: displayRecipient,
    recipient_id: store.recipientId(m),
    type: m.type,
    subject: topic,
    topic_links: m.type === 'stream' ? topicLinks(state, m.topic) : [],
    timestamp: m.timestamp,
    is_me_message: m.is_me_message,
    reactions: m.reactions.map((r) => ({ ...r })),
    submessages: m.submessages.map((s) => ({ ...s })),
  };
  if (m.stream_id !== null) out.stream_id = m.stream_id;
  if (m.edit_history.length > 0) out.edit_history = m.edit_history.map((e) => ({ ...e }));
  if (m.last_edit_timestamp !== undefined) out.last_edit_timestamp = m.last_edit_timestamp;
  if (m.last_moved_timestamp !== undefined) out.last_moved_timestamp = m.last_moved_timestamp;
  return out;
}

/**
 * Outgoing webhooks (spec section 6): when a message mentions an outgoing-webhook bot
 * (bot type 3) or is a direct message to one, the service POSTs the message to the bot's
 * configured URL; a `content` in the JSON answer is posted back as the bot's reply.
 * Delivery is fire-and-forget: a slow or broken bot never delays or fails the sender.
 */
import type { ServerContext } from '../context.ts';
import type { StoredMessage } from '../messages/types.ts';
import type { UserRecord } from '../state/types.ts';

export type BotReply = (bot: UserRecord, content: string) => void;

const TIMEOUT_MS = 10_000;

function triggerFor(
  bot: UserRecord,
  message: StoredMessage,
): 'mention' | 'direct_message' | undefined {
  if (message.sender_id === bot.user_id) return undefined;
  if (message.dm_user_ids?.includes(bot.user_id)) return 'direct_message';
  if (message.mentions.userIds.has(bot.user_id)) return 'mention';
  return undefined;
}

export function webhookBody(
  ctx: ServerContext,
  bot: UserRecord,
  message: StoredMessage,
  trigger: string,
  token: string,
): Record<string, unknown> {
  const sender = ctx.state.users.get(message.sender_id);
  const wire: Record<string, unknown> = {
    id: message.id,
    sender_id: message.sender_id,
    sender_email: sender?.email ?? '',
    sender_full_name: sender?.full_name ?? '',
    content: message.content,
    rendered_content: message.rendered,
    timestamp: message.timestamp,
    type: message.type,
    client: message.client,
  };
  if (message.stream_id !== null) {
    wire.stream_id = message.stream_id;
    wire.display_recipient = ctx.state.channels.get(message.stream_id)?.name ?? '';
    wire.subject = message.topic;
  } else {
    wire.display_recipient = (message.dm_user_ids ?? []).map((id) => {
      const u = ctx.state.users.get(id);
      return { id, email: u?.email ?? '', full_name: u?.full_name ?? '' };
    });
  }
  return {
    bot_email: bot.email,
    bot_full_name: bot.full_name,
    data: message.content,
    message: wire,
    trigger,
    token,
  };
}

async function deliver(url: string, body: Record<string, unknown>): Promise<string | undefined> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) return undefined;
  const answer = (await res.json().catch(() => null)) as unknown;
  if (!answer || typeof answer !== 'object') return undefined;
  const { content, response_not_required } = answer as Record<string, unknown>;
  if (response_not_required === true || typeof content !== 'string' || content.trim() === '')
    return undefined;
  return content;
}

export function dispatchOutgoingWebhooks(
  ctx: ServerContext,
  message: StoredMessage,
  reply: BotReply,
): void {
  for (const bot of ctx.state.users.values()) {
    if (!bot.is_active || bot.bot_type !== 3 || !bot.webhook?.url) continue;
    const trigger = triggerFor(bot, message);
    if (!trigger) continue;
    const body = webhookBody(ctx, bot, message, trigger, bot.webhook.token);
    deliver(bot.webhook.url, body)
      .then((content) => {
        if (content !== undefined) reply(bot, content);
      })
      // An unreachable bot, or a reply the bot may no longer post, is the bot's problem:
      // the message is already delivered, and nothing here may end the server.
      .catch(() => undefined);
  }
}

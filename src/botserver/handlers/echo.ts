import type { BotHandler, WebhookPayload } from '../types.ts';

/**
 * Repeats the message back. The mention that summoned the bot is dropped first: echoing it
 * would mention the bot again in its own reply.
 */
export const echoHandler: BotHandler = {
  description: 'Repeats your message back to you.',
  handle(payload) {
    const text = withoutLeadingMention(payload).trim();
    return text ? { content: text } : null;
  },
};

// Mention syntax: @**Name**, silent @_**Name**, and @**Name|user_id** when names collide.
const LEADING_MENTION = /^\s*@_?\*\*([^*|]+)(?:\|\d+)?\*\*/;

function withoutLeadingMention({ data, bot_full_name, trigger }: WebhookPayload): string {
  const mention = LEADING_MENTION.exec(data);
  if (!mention) return data;
  // Spec 6's minimal payload has no bot_full_name; a `mention` trigger then says the bot was
  // mentioned, and the leading mention is the usual "@bot request" form.
  const own = bot_full_name ? mention[1] === bot_full_name : trigger === 'mention';
  return own ? data.slice(mention[0].length) : data;
}

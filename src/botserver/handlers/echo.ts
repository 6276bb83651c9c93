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

function withoutLeadingMention({ data, bot_full_name }: WebhookPayload): string {
  if (!bot_full_name) return data;
  // Mention syntax: @**Name**, silent @_**Name**, and @**Name|user_id** when names collide.
  const mention = /^\s*@_?\*\*([^*|]+)(?:\|\d+)?\*\*/.exec(data);
  return mention && mention[1] === bot_full_name ? data.slice(mention[0].length) : data;
}

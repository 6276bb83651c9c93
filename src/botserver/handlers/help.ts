import type { BotHandler } from '../types.ts';

/** Answers anything with the list of bots this process serves. */
export const helpHandler: BotHandler = {
  description: 'Lists the bots served here.',
  handle(_payload, { bots }) {
    const lines = bots.map(
      (bot) => `- **${bot.name}** (${bot.email})${bot.description ? `: ${bot.description}` : ''}`,
    );
    return { content: `Bots served here:\n${lines.join('\n')}` };
  },
};

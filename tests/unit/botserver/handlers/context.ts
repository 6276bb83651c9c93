import type { BotContext, BotProfile, WebhookPayload } from '../../../../src/botserver/types.ts';

export function profile(name: string, description = ''): BotProfile {
  return {
    name,
    email: `${name}-bot@perch.example`,
    site: 'https://chat.perch.example',
    handler: name,
    description,
    settings: {},
  };
}

export function contextFor(bot: BotProfile, bots: BotProfile[] = [bot]): BotContext {
  return { bot, bots, logger: { info() {}, error() {} } };
}

export function payload(
  data: string,
  trigger = 'mention',
  botFullName = 'Echo Bot',
): WebhookPayload {
  return {
    bot_email: 'echo-bot@perch.example',
    bot_full_name: botFullName,
    data,
    message: { content: data },
    trigger,
  };
}

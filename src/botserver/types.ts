/**
 * The contract between the bot server and a bot's handler. A user writes a module whose
 * default export is a `BotHandler` (or just its `handle` function) and names it in the
 * configuration; the server calls it once per webhook POST addressed to that bot.
 */

/** The message that triggered the webhook: `content` always, other fields as the service sends them. */
export interface WebhookMessage {
  content: string;
  [field: string]: unknown;
}

/**
 * What the service posted (spec 6, docs/api-notes.md "Outgoing webhooks"), minus the secret
 * token.
 */
export interface WebhookPayload {
  bot_email: string;
  bot_full_name: string;
  /** The message content, as the service sends it beside the message object. */
  data: string;
  message: WebhookMessage;
  /** `mention` or `direct_message`. */
  trigger: string;
}

/** A configured bot as handlers may see it: its secrets (`key`, `token`) are left out. */
export interface BotProfile {
  /** The INI section name. */
  name: string;
  email: string;
  site: string;
  /** The handler as configured: a built-in name or a module path. */
  handler: string;
  /** One line saying what the bot does, from its handler. */
  description: string;
  /** Every other key of the bot's section, for the handler's own settings. */
  settings: Readonly<Record<string, string>>;
}

export interface BotLogger {
  info(message: string): void;
  error(message: string): void;
}

export interface BotContext {
  bot: BotProfile;
  /** Every bot this process serves, in configuration order. */
  bots: readonly BotProfile[];
  logger: BotLogger;
}

/** `{content}` posts a reply as the bot; `null` or `undefined` posts nothing. */
export type BotReply = { content: string } | null | undefined;

export type HandleFunction = (
  payload: WebhookPayload,
  context: BotContext,
) => BotReply | Promise<BotReply>;

export interface BotHandler {
  description?: string;
  handle: HandleFunction;
}

import { sleep, type Clock } from '../lib/clock.ts';
import type { ServedBot } from './bots.ts';
import { botLogger, type LogSink } from './log.ts';
import { parseWebhookBody } from './payload.ts';
import { tokensEqual } from './token.ts';
import type { BotContext, BotReply } from './types.ts';

export interface WebhookOutcome {
  status: number;
  body: Record<string, unknown>;
  /** What the request log line says about this request. */
  log: { bot?: string; trigger?: string; reply?: string; error?: string };
}

const NO_REPLY = { response_not_required: true };

/** An error answer; `reason` is what the log says, when it differs from what the sender is told. */
export function failure(
  status: number,
  msg: string,
  log: WebhookOutcome['log'] = {},
  reason = msg,
): WebhookOutcome {
  return { status, body: { result: 'error', msg }, log: { ...log, error: reason } };
}

// The sender learns only that the bot failed; the reason goes to the log.
const HANDLER_FAILED = 'The bot failed to handle this message.';

const TIMED_OUT = Symbol('timed out');

/** Resolves to TIMED_OUT if `work` has not settled after `ms`; the timer is cleared either way. */
async function within<T>(
  clock: Clock,
  ms: number,
  work: Promise<T>,
): Promise<T | typeof TIMED_OUT> {
  const done = new AbortController();
  // Aborting the sleep rejects it; by then the race is already decided.
  const timeout: Promise<typeof TIMED_OUT> = sleep(clock, ms, done.signal).then(
    () => TIMED_OUT,
    () => TIMED_OUT,
  );
  try {
    return await Promise.race([work, timeout]);
  } finally {
    done.abort();
  }
}

/** Turns one webhook POST body into the answer for the service, calling the addressed bot's handler. */
export function createWebhookResponder(
  bots: readonly ServedBot[],
  { clock, sink, handlerTimeoutMs }: { clock: Clock; sink: LogSink; handlerTimeoutMs: number },
): (body: string) => Promise<WebhookOutcome> {
  const profiles = bots.map((bot) => bot.profile);
  const byEmail = new Map<string, { bot: ServedBot; context: BotContext }>();
  for (const bot of bots) {
    const context = {
      bot: bot.profile,
      bots: profiles,
      logger: botLogger(clock, sink, bot.profile.name),
    };
    byEmail.set(bot.profile.email.toLowerCase(), { bot, context });
  }

  return async (body) => {
    const parsed = parseWebhookBody(body);
    if (!parsed.ok) return failure(400, parsed.msg);
    const { payload, token } = parsed;
    const log = { bot: payload.bot_email, trigger: payload.trigger };
    const entry = byEmail.get(payload.bot_email.toLowerCase());
    if (!entry) return failure(400, `No bot with email ${payload.bot_email} is served here.`, log);
    if (!tokensEqual(token, entry.bot.token)) {
      return failure(401, 'The token does not match this bot.', log);
    }

    let reply: unknown;
    try {
      const work = Promise.resolve(entry.bot.handler.handle(payload, entry.context));
      reply = await within(clock, handlerTimeoutMs, work);
    } catch (err) {
      return failure(
        500,
        HANDLER_FAILED,
        log,
        `handler threw: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (reply === TIMED_OUT) {
      // The service gives up on a slow bot anyway; answering frees this request.
      return failure(
        504,
        'The bot took too long to answer.',
        log,
        `handler still running after ${handlerTimeoutMs}ms`,
      );
    }
    if (!isReply(reply)) {
      return failure(
        500,
        HANDLER_FAILED,
        log,
        'handler returned something other than {content}, null or undefined',
      );
    }
    // The service cannot post an empty message, so a blank reply means no reply.
    if (!reply || !reply.content.trim())
      return { status: 200, body: NO_REPLY, log: { ...log, reply: 'none' } };
    return { status: 200, body: { content: reply.content }, log: { ...log, reply: 'content' } };
  };
}

function isReply(value: unknown): value is BotReply {
  if (value === null || value === undefined) return true;
  return typeof value === 'object' && typeof (value as { content?: unknown }).content === 'string';
}

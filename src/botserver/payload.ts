import { z } from 'zod';
import type { WebhookPayload } from './types.ts';

/** Names the problem the way a person fixing the sender would want to read it. */
function expected(kind: string) {
  return {
    error: (issue: { input: unknown }) =>
      issue.input === undefined ? 'missing' : `must be ${kind}`,
  };
}

const text = () => z.string(expected('a string'));

// The spec's table makes message, bot_email, trigger and token required; docs/api-notes.md
// "Outgoing webhooks" adds data and bot_full_name, which older senders may leave out, so
// those get defaults.
const bodySchema = z.object({
  bot_email: text(),
  bot_full_name: text().optional(),
  data: text().optional(),
  message: z.object({ content: text() }, expected('an object')).loose(),
  trigger: text(),
  token: text(),
});

export type ParsedBody =
  { ok: true; payload: WebhookPayload; token: string } | { ok: false; msg: string };

export function parseWebhookBody(body: string): ParsedBody {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, msg: 'The request body is not valid JSON.' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, msg: 'The request body must be a JSON object.' };
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    return { ok: false, msg: `Invalid webhook body: ${problems.join('; ')}.` };
  }
  const { token, bot_full_name, data, message, ...rest } = parsed.data;
  return {
    ok: true,
    token,
    payload: {
      ...rest,
      message,
      bot_full_name: bot_full_name ?? '',
      data: data ?? message.content,
    },
  };
}

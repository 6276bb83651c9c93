import { describe, expect, it } from 'vitest';
import { parseWebhookBody } from '../../../src/botserver/payload.ts';

const full = {
  bot_email: 'outgoing-bot@perch.example',
  bot_full_name: 'Outgoing Bot',
  data: '@**Outgoing Bot** ping',
  message: { id: 12, content: '@**Outgoing Bot** ping', subject: 'deploys', type: 'stream' },
  trigger: 'mention',
  token: 'secret-token',
};

describe('parseWebhookBody', () => {
  it('separates the token from what the handler receives, keeping every message field', () => {
    const parsed = parseWebhookBody(JSON.stringify(full));
    expect(parsed).toEqual({
      ok: true,
      token: 'secret-token',
      payload: {
        bot_email: full.bot_email,
        bot_full_name: full.bot_full_name,
        data: full.data,
        message: full.message,
        trigger: 'mention',
      },
    });
    expect(parsed.ok && 'token' in parsed.payload).toBe(false);
  });

  it('fills data from the message and the full name with "" when a sender leaves them out', () => {
    const { data: _d, bot_full_name: _n, ...spare } = full;
    const parsed = parseWebhookBody(JSON.stringify(spare));
    expect(parsed.ok && parsed.payload.data).toBe(full.message.content);
    expect(parsed.ok && parsed.payload.bot_full_name).toBe('');
  });

  it.each([
    ['not JSON', '{"bot_email"', 'The request body is not valid JSON.'],
    ['JSON null', 'null', 'The request body must be a JSON object.'],
    ['a JSON string', '"hello"', 'The request body must be a JSON object.'],
    [
      'an empty object',
      '{}',
      'Invalid webhook body: bot_email missing; message missing; trigger missing; token missing.',
    ],
    [
      'mistyped fields',
      JSON.stringify({ ...full, token: 5, message: 'hi' }),
      'Invalid webhook body: message must be an object; token must be a string.',
    ],
  ])('refuses %s with a message saying what is wrong', (_case, body, msg) => {
    expect(parseWebhookBody(body)).toEqual({ ok: false, msg });
  });
});

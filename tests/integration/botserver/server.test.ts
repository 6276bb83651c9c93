import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startBotServer, type BotServer } from '../../../src/botserver/server.ts';
import { mentionBody, postWebhook } from './webhook-client.ts';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/bots/${name}`, import.meta.url));
const ECHO = 'echo-bot@perch.example';
const HELP = 'help-bot@perch.example';

/** The fixture INI files name bot [x] x-bot@perch.example, with token x-token-secret. */
const toFixtureBot = (name: string, content: string, fullName?: string) =>
  mentionBody(`${name}-bot@perch.example`, `${name}-token-secret`, content, fullName);

let server: BotServer | undefined;
let clock: ManualClock;
let lines: string[] = [];
let onLine: (() => void) | undefined;

async function start(configFile: string, maxBodyBytes?: number): Promise<string> {
  lines = [];
  clock = new ManualClock();
  server = await startBotServer({
    configPath: fixture(configFile),
    port: 0,
    maxBodyBytes,
    clock,
    log: (line) => {
      lines.push(line);
      onLine?.();
    },
  });
  return server.url;
}

/** Resolves once the server has logged a line containing `text`. */
async function logged(text: string): Promise<void> {
  while (!lines.some((line) => line.includes(text))) {
    await new Promise<void>((resolve) => (onLine = resolve));
  }
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('bot server over HTTP: two built-in bots from one file', () => {
  it('listens on 127.0.0.1 and serves both sections of the file', async () => {
    const url = await start('two-bots.ini');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server?.bots.map((b) => [b.name, b.email])).toEqual([
      ['echo', ECHO],
      ['helper', HELP],
    ]);
  });

  it('routes each post to the bot named by bot_email', async () => {
    const url = await start('two-bots.ini');
    const echo = await postWebhook(url, toFixtureBot('echo', '@**Echo** hello', 'Echo'));
    expect(echo).toEqual({ status: 200, json: { content: 'hello' } });

    const help = await postWebhook(url, toFixtureBot('help', 'what can you do?'));
    expect(help.status).toBe(200);
    expect(help.json.content).toContain(`**echo** (${ECHO})`);
    expect(help.json.content).toContain(`**helper** (${HELP})`);
  });

  it('finds the bot whatever the case of bot_email', async () => {
    const url = await start('two-bots.ini');
    const reply = await postWebhook(
      url,
      mentionBody(ECHO.toUpperCase(), 'echo-token-secret', 'hi'),
    );
    expect(reply).toEqual({ status: 200, json: { content: 'hi' } });
  });

  it('answers response_not_required when the handler has nothing to say', async () => {
    const url = await start('two-bots.ini');
    const reply = await postWebhook(url, toFixtureBot('echo', '@**Echo**', 'Echo'));
    expect(reply).toEqual({ status: 200, json: { response_not_required: true } });
  });
});

describe('bot server over HTTP: the minimal payload of spec section 6', () => {
  // message.content, bot_email, trigger and token only: no data, no bot_full_name.
  const minimal = (content: string, extra: Record<string, unknown> = {}) => ({
    bot_email: ECHO,
    message: { content },
    trigger: 'mention',
    token: 'echo-token-secret',
    ...extra,
  });

  it('echoes the message without the mention that summoned the bot', async () => {
    const url = await start('two-bots.ini');
    const reply = await postWebhook(url, minimal('@**Echo** hello there'));
    expect(reply).toEqual({ status: 200, json: { content: 'hello there' } });
  });

  it('answers nothing when data holds only the mention', async () => {
    const url = await start('two-bots.ini');
    const reply = await postWebhook(url, minimal('@**Echo**', { data: '@**Echo**' }));
    expect(reply).toEqual({ status: 200, json: { response_not_required: true } });
  });

  it('keeps a mention that is not the leading one', async () => {
    const url = await start('two-bots.ini');
    const reply = await postWebhook(url, minimal('tell @**Ada** hi'));
    expect(reply).toEqual({ status: 200, json: { content: 'tell @**Ada** hi' } });
  });
});

describe('bot server over HTTP: refusals', () => {
  it('answers 400 for an unknown bot_email', async () => {
    const url = await start('two-bots.ini');
    const reply = await postWebhook(
      url,
      mentionBody('nobody@perch.example', 'echo-token-secret', 'hi'),
    );
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      result: 'error',
      msg: 'No bot with email nobody@perch.example is served here.',
    });
  });

  it("answers 401 for another bot's token or a wrong one", async () => {
    const url = await start('two-bots.ini');
    for (const token of ['help-token-secret', 'echo-token-secreT', '']) {
      const reply = await postWebhook(url, mentionBody(ECHO, token, 'hi'));
      expect(reply.status).toBe(401);
      expect(reply.json.msg).toBe('The token does not match this bot.');
    }
  });

  it('answers 400 for a body that is not JSON, or not an object', async () => {
    const url = await start('two-bots.ini');
    const broken = await postWebhook(url, '{"bot_email": ');
    expect(broken).toEqual({
      status: 400,
      json: { result: 'error', msg: 'The request body is not valid JSON.' },
    });
    const list = await postWebhook(url, '[1, 2]');
    expect(list.status).toBe(400);
    expect(list.json.msg).toBe('The request body must be a JSON object.');
  });

  it('answers 400 naming every missing or mistyped field', async () => {
    const url = await start('two-bots.ini');
    const { token: _token, trigger: _trigger, ...partial } = mentionBody(ECHO, 'x', 'hi');
    const missing = await postWebhook(url, { ...partial, message: { content: 7 } });
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toBe(
      'Invalid webhook body: message.content must be a string; trigger missing; token missing.',
    );
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const url = await start('two-bots.ini', 1024);
    const big = JSON.stringify(toFixtureBot('echo', 'x'.repeat(2000)));
    const declared = await postWebhook(url, big);
    expect(declared.status).toBe(413);
    expect(declared.json.msg).toBe('The request body is larger than 1024 bytes.');

    const chunks = [big.slice(0, 800), big.slice(800)];
    const streamed = await fetch(url, {
      method: 'POST',
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify(toFixtureBot('echo', 'ok'));
    const url = await start('two-bots.ini', Buffer.byteLength(body));
    expect(await postWebhook(url, body)).toEqual({ status: 200, json: { content: 'ok' } });
  });

  it('answers a plain GET with 405 and Allow: POST, and other paths with 404', async () => {
    const url = await start('two-bots.ini');
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const elsewhere = await fetch(new URL('/bots/echo', url), { method: 'POST', body: '{}' });
    expect(elsewhere.status).toBe(404);
  });
});

describe('bot server over HTTP: user-written handlers', () => {
  it('runs a handler module named relative to the INI file, with its settings', async () => {
    const url = await start('custom.ini');
    const reply = await postWebhook(url, toFixtureBot('shout', 'hi'));
    expect(reply).toEqual({ status: 200, json: { content: '>>HI' } });
    expect(lines).toContain(
      '2026-01-01T00:00:00.000Z bot=shout info "shouting for iago@perch.example"',
    );
  });

  it('posts nothing when the handler returns null', async () => {
    const url = await start('custom.ini');
    const reply = await postWebhook(url, {
      ...toFixtureBot('shout', 'quiet'),
      trigger: 'direct_message',
    });
    expect(reply).toEqual({ status: 200, json: { response_not_required: true } });
  });

  it('runs a handler given as a bare function and keeps it loaded between posts', async () => {
    const url = await start('custom.ini');
    const body = toFixtureBot('count', 'hi', 'Counter');
    const first = await postWebhook(url, body);
    const second = await postWebhook(url, body);
    const [a, b] = [first.json.content, second.json.content].map((c) =>
      Number(/\d+/.exec(String(c))?.[0]),
    );
    expect(first.json.content).toMatch(/^Message \d+ reached Counter\.$/);
    expect(b).toBe((a ?? NaN) + 1);
  });

  it('answers 500 with a generic message when the handler throws, and logs why', async () => {
    const url = await start('custom.ini');
    const reply = await postWebhook(url, toFixtureBot('failing', 'crash'));
    expect(reply).toEqual({
      status: 500,
      json: { result: 'error', msg: 'The bot failed to handle this message.' },
    });
    expect(JSON.stringify(reply.json)).not.toContain('database');
    expect(lines.at(-1)).toContain('error="handler threw: database unreachable"');
  });

  it('answers 504 when the handler is still running after ten seconds', async () => {
    const url = await start('custom.ini');
    const pending = postWebhook(url, toFixtureBot('failing', 'hang'));
    await logged('info "hanging"');
    await clock.advance(9_999);
    expect(lines.some((line) => line.includes(' POST / '))).toBe(false);
    await clock.advance(1);
    expect(await pending).toEqual({
      status: 504,
      json: { result: 'error', msg: 'The bot took too long to answer.' },
    });
    expect(lines.at(-1)).toContain('error="handler still running after 10000ms"');
  });

  it('answers 500 when the handler returns a reply of the wrong shape', async () => {
    const url = await start('custom.ini');
    const reply = await postWebhook(url, toFixtureBot('failing', 'garble'));
    expect(reply.status).toBe(500);
    expect(lines.at(-1)).toContain('handler returned something other than {content}');
  });
});

describe('bot server request log', () => {
  it('writes one line per request, with bot, trigger and outcome but never the token', async () => {
    const url = await start('two-bots.ini');
    await postWebhook(url, toFixtureBot('echo', 'hi'));
    await postWebhook(url, mentionBody(ECHO, 'guessed-token-value', 'hi'));
    await postWebhook(url, '{"token": "echo-token-secret"');
    await fetch(url);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      `2026-01-01T00:00:00.000Z POST / 200 0ms bot=${ECHO} trigger=mention reply=content`,
    );
    expect(lines[1]).toContain(' 401 ');
    for (const line of lines) {
      expect(line).not.toContain('token-secret');
      expect(line).not.toContain('guessed-token-value');
    }
  });

  it('keeps a request on one line even when its fields hold newlines', async () => {
    const url = await start('two-bots.ini');
    await postWebhook(url, mentionBody('evil\nPOST / 200 forged@perch.example', 'x', 'hi'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]).toContain('bot="evil\\nPOST / 200 forged@perch.example"');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { startBotServer, type BotServer } from '../../../src/botserver/server.ts';
import { callApi, messageQueue, type ChatMessage } from './chat-client.ts';

let chat: StartedServer;
let bots: BotServer;
const botLog: string[] = [];

beforeEach(async () => {
  chat = await startServer();
  const outgoing = chat.users.find((u) => u.bot_type === 3);
  const record = outgoing && chat.state.users.get(outgoing.user_id);
  if (!outgoing || !record?.webhook)
    throw new Error('the reference organization has no outgoing-webhook bot');
  botLog.length = 0;
  bots = await startBotServer({
    config: {
      outgoing: {
        email: outgoing.email,
        key: outgoing.api_key,
        site: chat.url,
        token: record.webhook.token,
        handler: 'echo',
      },
    },
    port: 0,
    log: (line) => botLog.push(line),
  });
  // What an administrator does in the bot's settings: point it at the bot server.
  record.webhook.url = bots.url;
});

afterEach(async () => {
  await bots.close();
  await chat.close();
});

function people() {
  const bot = chat.users.find((u) => u.bot_type === 3);
  const member = chat.users.find((u) => !u.is_bot && u.role === 400);
  if (!bot || !member) throw new Error('the reference organization lacks a member or the bot');
  return { bot, member };
}

describe('an outgoing-webhook bot served by the bot server, on the reference server', () => {
  it('answers a mention in a channel with a message from the bot in the same topic', async () => {
    const { bot, member } = people();
    const queue = await messageQueue(chat.url, member);
    await callApi(chat.url, member, 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'bot test',
      content: `@**${bot.full_name}** hello from the channel`,
    });

    const reply = await queue.next((m) => m.sender_email === bot.email);
    expect(reply).toMatchObject({
      type: 'stream',
      display_recipient: 'general',
      subject: 'bot test',
      content: 'hello from the channel',
    });
    expect(
      botLog.some((line) => line.includes(`bot=${bot.email} trigger=mention reply=content`)),
    ).toBe(true);
  });

  it('answers a direct message with a direct message from the bot', async () => {
    const { bot, member } = people();
    const queue = await messageQueue(chat.url, member);
    await callApi(chat.url, member, 'POST', '/messages', {
      type: 'direct',
      to: [bot.user_id],
      content: 'ping in private',
    });

    const reply = await queue.next((m) => m.sender_email === bot.email);
    expect(reply.type).toBe('private');
    expect(reply.content).toBe('ping in private');
    const recipients = (reply.display_recipient as { email: string }[]).map((r) => r.email).sort();
    expect(recipients).toEqual([bot.email, member.email].sort());

    const history = await callApi(chat.url, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'dm', operand: [bot.user_id] }],
      apply_markdown: false,
    });
    const contents = (history.messages as ChatMessage[]).map(
      (m) => `${m.sender_email}: ${m.content}`,
    );
    expect(contents.slice(-2)).toEqual([
      `${member.email}: ping in private`,
      `${bot.email}: ping in private`,
    ]);
  });
});

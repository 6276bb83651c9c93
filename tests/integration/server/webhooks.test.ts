import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok, send } from './messaging-client.ts';

let server: StartedServer;
let bot: Server;
let received: Record<string, unknown>[];

beforeEach(async () => {
  server = await startServer({ rateLimit: false });
  received = [];
  bot = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const post = JSON.parse(body) as Record<string, unknown>;
      received.push(post);
      // The bot stays silent when asked to be quiet and otherwise answers "pong".
      const answer = post.data === 'quiet' ? { response_not_required: true } : { content: 'pong' };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => bot.listen(0, '127.0.0.1', r));
  const outgoing = [...server.state.users.values()].find((u) => u.bot_type === 3);
  if (!outgoing?.webhook) throw new Error('no outgoing webhook bot');
  outgoing.webhook.url = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/`;
});
afterEach(async () => {
  await server.close();
  await new Promise<void>((r) => bot.close(() => r()));
});

function outgoingBot(): ServerUser {
  const b = server.users.find((u) => u.bot_type === 3);
  if (!b) throw new Error('no outgoing bot');
  return b;
}

/** Long-polls the user's queue until a message from `senderId` arrives. */
async function nextMessageFrom(
  user: ServerUser,
  queueId: string,
  senderId: number,
): Promise<Record<string, unknown>> {
  let last = -1;
  for (;;) {
    const r = await ok(server, user, 'GET', '/events', { queue_id: queueId, last_event_id: last });
    for (const e of r.events as { id: number; type: string; message?: Record<string, unknown> }[]) {
      last = e.id;
      if (e.type === 'message' && e.message?.sender_id === senderId) return e.message;
    }
  }
}

describe('outgoing webhooks', () => {
  it('posts a DM to the bot URL and posts the reply as the bot', async () => {
    const member = byEmail(server, 'member');
    const b = outgoingBot();
    const q = await ok(server, member, 'POST', '/register', { event_types: ['message'] });
    const sent = await send(server, member, [b.user_id], 'ping');
    const reply = await nextMessageFrom(member, q.queue_id as string, b.user_id);
    expect(reply).toMatchObject({ content: 'pong', type: 'private' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      bot_email: b.email,
      bot_full_name: b.full_name,
      data: 'ping',
      trigger: 'direct_message',
      token: 'outgoing-webhook-token',
      message: { id: sent, content: 'ping', sender_email: member.email },
    });
  });

  it('posts a channel mention with trigger mention and replies in the same topic', async () => {
    const member = byEmail(server, 'member');
    const b = outgoingBot();
    const q = await ok(server, member, 'POST', '/register', { event_types: ['message'] });
    await send(server, member, 'general', `@**${b.full_name}** hi`, 'bots');
    const reply = await nextMessageFrom(member, q.queue_id as string, b.user_id);
    expect(reply).toMatchObject({ content: 'pong', display_recipient: 'general', subject: 'bots' });
    expect(received[0]).toMatchObject({
      trigger: 'mention',
      message: { subject: 'bots', display_recipient: 'general' },
    });
  });

  it('posts nothing back when the bot says no response is required', async () => {
    const member = byEmail(server, 'member');
    const b = outgoingBot();
    await send(server, member, [b.user_id], 'quiet');
    // Posts reach the bot in order, so the reply to the second proves the first is answered.
    const q = await ok(server, member, 'POST', '/register', { event_types: ['message'] });
    await send(server, member, [b.user_id], 'loud');
    await nextMessageFrom(member, q.queue_id as string, b.user_id);
    const fromBot = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [['sender', b.user_id]],
    });
    expect((fromBot.messages as { content: string }[]).map((m) => m.content)).toEqual([
      '<p>pong</p>',
    ]);
  });

  it('does not call the bot for messages that neither mention nor DM it', async () => {
    const member = byEmail(server, 'member');
    const b = outgoingBot();
    await send(server, member, 'general', 'no bots here', 'x');
    const q = await ok(server, member, 'POST', '/register', { event_types: ['message'] });
    await send(server, member, [b.user_id], 'now you');
    await nextMessageFrom(member, q.queue_id as string, b.user_id);
    expect(received.map((r) => r.data)).toEqual(['now you']);
  });
});

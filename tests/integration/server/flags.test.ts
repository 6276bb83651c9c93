import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending } from './messaging-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(async () => {
  await server.close();
});

async function send(content: string): Promise<number> {
  const r = await ok(server, byEmail(server, 'owner'), 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic: 'news',
    content,
  });
  return r.id as number;
}

describe('POST /messages/flags', () => {
  it('marks messages read, reports the changed ones and tells the other clients', async () => {
    const member = byEmail(server, 'member');
    const a = await send('a');
    const b = await send('b');
    const q = await ok(server, member, 'POST', '/register', {
      event_types: ['update_message_flags'],
    });
    const r = await ok(server, member, 'POST', '/messages/flags', {
      messages: [a, b],
      op: 'add',
      flag: 'read',
    });
    expect(r.messages).toEqual([a, b]);
    const unread = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [['is', 'unread']],
    });
    expect(unread.messages).toEqual([]);
    const events = await pending(server, member, q.queue_id);
    expect(events).toEqual([
      {
        id: 0,
        type: 'update_message_flags',
        op: 'add',
        flag: 'read',
        messages: [a, b],
        all: false,
      },
    ]);
  });

  it('sends message_details when marking unread again', async () => {
    const member = byEmail(server, 'member');
    const a = await send(`@**${member.full_name}** look`);
    await ok(server, member, 'POST', '/messages/flags', { messages: [a], op: 'add', flag: 'read' });
    const q = await ok(server, member, 'POST', '/register', {
      event_types: ['update_message_flags'],
    });
    await ok(server, member, 'POST', '/messages/flags', {
      messages: [a],
      op: 'remove',
      flag: 'read',
    });
    const events = await pending(server, member, q.queue_id);
    const stream = server.state.channelByName('general')?.stream_id;
    expect(events).toMatchObject([
      {
        op: 'remove',
        flag: 'read',
        messages: [a],
        message_details: {
          [a]: { type: 'stream', stream_id: stream, topic: 'news', mentioned: true },
        },
      },
    ]);
  });

  it('stars a message and finds it with is:starred', async () => {
    const member = byEmail(server, 'member');
    const a = await send('keep this');
    await ok(server, member, 'POST', '/messages/flags', {
      messages: [a],
      op: 'add',
      flag: 'starred',
    });
    const starred = await ok(server, member, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [['is', 'starred']],
    });
    expect(
      (starred.messages as { id: number; flags: string[] }[]).map((m) => [m.id, m.flags]),
    ).toEqual([[a, ['starred']]]);
  });

  it('refuses unknown and computed flags, bad operations, unreadable messages and missing parameters', async () => {
    const member = byEmail(server, 'member');
    const a = await send('x');
    const secret = await ok(server, byEmail(server, 'owner'), 'POST', '/messages', {
      type: 'stream',
      to: 'leadership',
      topic: 't',
      content: 's',
    });
    for (const params of [
      { messages: [a], op: 'add', flag: 'shiny' },
      { messages: [a], op: 'add', flag: 'mentioned' },
      { messages: [a], op: 'flip', flag: 'read' },
      { messages: [secret.id], op: 'add', flag: 'read' },
      { messages: 'not json', op: 'add', flag: 'read' },
    ]) {
      const r = await call(server, member, 'POST', '/messages/flags', params);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    const missing = await call(server, member, 'POST', '/messages/flags', {
      messages: [a],
      op: 'add',
    });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'flag' });
  });
});

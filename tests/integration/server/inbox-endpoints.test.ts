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

async function send(topic: string, content = 'hello'): Promise<number> {
  const r = await ok(server, byEmail(server, 'owner'), 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic,
    content,
  });
  return r.id as number;
}

async function unreadIds(local: string): Promise<number[]> {
  const r = await ok(server, byEmail(server, local), 'GET', '/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [['is', 'unread']],
  });
  return (r.messages as { id: number }[]).map((m) => m.id);
}

async function generalId(): Promise<number> {
  const r = await ok(server, byEmail(server, 'member'), 'GET', '/users/me/subscriptions');
  const subs = r.subscriptions as { name: string; stream_id: number }[];
  return (subs.find((s) => s.name === 'general') as { stream_id: number }).stream_id;
}

describe('POST /messages/flags/narrow', () => {
  it('marks one topic read, leaves the others unread and tells the other clients', async () => {
    const member = byEmail(server, 'member');
    const before = new Set(await unreadIds('member'));
    const a = await send('lunch');
    const b = await send('Lunch');
    const other = await send('deploys');
    const q = await ok(server, member, 'POST', '/register', {
      event_types: ['update_message_flags'],
    });
    const r = await ok(server, member, 'POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      narrow: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'lunch' },
      ],
      op: 'add',
      flag: 'read',
    });
    expect(r).toMatchObject({ updated_count: 2, found_newest: true, last_processed_id: b });
    const left = (await unreadIds('member')).filter((id) => !before.has(id));
    expect(left).toEqual([other]);
    const events = await pending(server, member, q.queue_id);
    expect(events).toEqual([
      expect.objectContaining({ type: 'update_message_flags', op: 'add', messages: [a, b] }),
    ]);
  });

  it('refuses an unknown flag without changing anything', async () => {
    const id = await send('lunch');
    const r = await call(server, byEmail(server, 'member'), 'POST', '/messages/flags/narrow', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      narrow: [],
      op: 'add',
      flag: 'bogus',
    });
    expect(r.status).toBe(400);
    expect(await unreadIds('member')).toContain(id);
  });
});

describe('POST /user_topics', () => {
  it('follows, mutes and resets a topic, with the user_topic event and in the next register', async () => {
    const member = byEmail(server, 'member');
    const streamId = await generalId();
    const q = await ok(server, member, 'POST', '/register', { event_types: ['user_topic'] });
    await ok(server, member, 'POST', '/user_topics', {
      stream_id: streamId,
      topic: 'lunch',
      visibility_policy: 3,
    });
    await ok(server, member, 'POST', '/user_topics', {
      stream_id: streamId,
      topic: 'Lunch',
      visibility_policy: 1,
    });
    const events = await pending(server, member, q.queue_id);
    expect(events).toEqual([
      expect.objectContaining({ type: 'user_topic', stream_id: streamId, visibility_policy: 3 }),
      expect.objectContaining({
        type: 'user_topic',
        topic_name: 'lunch',
        visibility_policy: 1,
      }),
    ]);
    const reg = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['user_topic'],
    });
    expect(reg.user_topics).toContainEqual(
      expect.objectContaining({ stream_id: streamId, topic_name: 'lunch', visibility_policy: 1 }),
    );
  });

  it('refuses an unknown policy and a channel the user cannot see', async () => {
    const member = byEmail(server, 'member');
    const streamId = await generalId();
    const bad = await call(server, member, 'POST', '/user_topics', {
      stream_id: streamId,
      topic: 'lunch',
      visibility_policy: 7,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Invalid visibility_policy');
    const unknown = await call(server, member, 'POST', '/user_topics', {
      stream_id: 999_999,
      topic: 'lunch',
      visibility_policy: 1,
    });
    expect(unknown.body.msg).toBe('Invalid channel ID');
  });

  it('does not exist before feature level 170', async () => {
    await server.close();
    server = await startServer({ rateLimit: false, featureLevel: 160 });
    const r = await call(server, byEmail(server, 'member'), 'POST', '/user_topics', {
      stream_id: 1,
      topic: 'lunch',
      visibility_policy: 1,
    });
    expect(r.status).toBe(404);
  });
});

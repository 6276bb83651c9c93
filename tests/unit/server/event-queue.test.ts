import { describe, expect, it } from 'vitest';
import { editMessage } from '../../../src/server/messages/edit.ts';
import { messagingFixture } from './messaging-fixture.ts';

const format = { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: false };

function register(
  f: ReturnType<typeof messagingFixture>,
  userId: number,
  eventTypes: string[] | null = null,
) {
  return f.queues.register({
    userId,
    eventTypes: eventTypes && new Set(eventTypes),
    narrow: null,
    format,
    allPublicStreams: false,
  });
}

describe('event queues', () => {
  it('answers a waiting long-poll as soon as an event arrives', async () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id);
    const poll = f.queues.poll(q, {
      lastEventId: -1,
      dontBlock: false,
      signal: new AbortController().signal,
    });
    f.queues.emit([f.member.user_id], { type: 'alert_words', alert_words: ['x'] });
    const events = await poll;
    expect(events).toEqual([{ id: 0, type: 'alert_words', alert_words: ['x'] }]);
  });

  it('sends a heartbeat after the idle interval, not before', async () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id);
    let result: unknown;
    void f.queues
      .poll(q, { lastEventId: -1, dontBlock: false, signal: new AbortController().signal })
      .then((e) => {
        result = e;
      });
    await f.clock.advance(44_000);
    expect(result).toBeUndefined();
    await f.clock.advance(1_000);
    expect(result).toEqual([{ id: 0, type: 'heartbeat' }]);
  });

  it('returns at once with dont_block and drops events up to last_event_id', async () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id);
    const signal = new AbortController().signal;
    expect(await f.queues.poll(q, { lastEventId: undefined, dontBlock: true, signal })).toEqual([]);
    for (const w of ['a', 'b', 'c'])
      f.queues.emit([f.member.user_id], { type: 'alert_words', alert_words: [w] });
    const events = await f.queues.poll(q, { lastEventId: 0, dontBlock: true, signal });
    expect(events.map((e) => e.id)).toEqual([1, 2]);
  });

  it('queues only the requested event types, and only for the users concerned', async () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id, ['message']);
    const other = register(f, f.member2.user_id);
    f.queues.emit([f.member.user_id], { type: 'alert_words', alert_words: [] });
    f.m.send({ sender: f.owner, dmUserIds: [f.member.user_id], content: 'hi **there**' });
    expect(q.events.map((e) => e.type)).toEqual(['message']);
    expect(q.events[0]).toMatchObject({
      message: { content: '<p>hi <strong>there</strong></p>' },
      flags: [],
    });
    expect(other.events).toEqual([]);
  });

  it('collects a queue nobody polls for the timeout, then refuses it', async () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id);
    await f.clock.advance(599_000);
    expect(f.queues.get(q.id, f.member.user_id)).toBe(q);
    await f.clock.advance(1_000);
    expect(() => f.queues.get(q.id, f.member.user_id)).toThrow(/Bad event queue ID/);
  });

  it('does not collect a queue while a long-poll is waiting on it', async () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id);
    const signal = new AbortController().signal;
    // Each poll ends with a heartbeat after 45 s and is immediately renewed.
    for (let i = 0; i < 20; i++) {
      const poll = f.queues.poll(q, { lastEventId: q.lastEventId, dontBlock: false, signal });
      await f.clock.advance(45_000);
      await poll;
    }
    expect(f.queues.get(q.id, f.member.user_id)).toBe(q);
  });

  it("refuses another user's queue", () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id);
    expect(() => f.queues.get(q.id, f.member2.user_id)).toThrow(/Bad event queue ID/);
  });

  it('gives all_public_streams queues the public messages their user did not receive', () => {
    const f = messagingFixture();
    const base = { eventTypes: null, narrow: null, format };
    // The moderator is in the private leadership channel but not in the public development one.
    const watcher = f.queues.register({
      ...base,
      userId: f.guest.user_id,
      allPublicStreams: false,
    });
    const all = f.queues.register({ ...base, userId: f.moderator.user_id, allPublicStreams: true });
    const dev = f.post(f.owner, 'public news', 't', f.development);
    f.post(f.owner, 'private news', 't', f.leadership);
    expect(all.events.filter((e) => e.type === 'message')).toMatchObject([
      { message: { id: dev.id }, flags: ['read', 'historical'] },
      { message: { content: '<p>private news</p>' }, flags: [] },
    ]);
    expect(watcher.events).toEqual([]);
  });

  it('sends the heartbeat before the long-poll timeout even if configured later', async () => {
    const f = messagingFixture();
    f.ctx.options.heartbeatSeconds = 120;
    f.ctx.options.longpollTimeoutSeconds = 90;
    const q = register(f, f.member.user_id);
    let result: unknown;
    const signal = new AbortController().signal;
    void f.queues.poll(q, { lastEventId: -1, dontBlock: false, signal }).then((e) => (result = e));
    await f.clock.advance(89_000);
    expect(result).toEqual([{ id: 0, type: 'heartbeat' }]);
  });

  it('tells everyone holding a message about its edit, with their own flags', () => {
    const f = messagingFixture();
    const q = register(f, f.member.user_id, ['update_message']);
    const outsider = register(f, f.guest.user_id, ['update_message']);
    const message = f.post(f.owner, `hi @**${f.member.full_name}**`, 'old', f.development);
    editMessage(f.m, message, { editor: f.owner, topic: 'new' });
    expect(q.events).toMatchObject([
      {
        type: 'update_message',
        message_id: message.id,
        orig_subject: 'old',
        subject: 'new',
        flags: ['mentioned'],
      },
    ]);
    expect(outsider.events).toEqual([]);
  });
});

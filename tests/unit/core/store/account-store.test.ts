import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import { recorded, storeUnderTest, type Recorded } from './replay.ts';

/** Replays the whole recorded session: register, a batch, a lost queue and a re-register with its gap fill, a batch. */
function replay(r: Recorded, t = storeUnderTest()) {
  t.store.reset();
  t.store.registered(r.first, []);
  t.store.apply(r.batch1);
  t.store.reset();
  t.store.registered(r.second, r.missed);
  t.store.restored();
  t.store.apply(r.batch2);
  return t;
}

const messageIds = (events: ServerEvent[]) =>
  events.flatMap((e) => (e.type === 'message' ? [e.message.id] : []));

describe('an account store replaying a recorded session with a re-register in the middle', () => {
  it('ends with the server’s state: counts, mutes, the changed setting', () => {
    const r = recorded();
    const { store } = replay(r);
    const [lastDm] = messageIds(r.batch2);
    // The first DM was deleted; the one sent last is the only unread message that counts:
    // the channel's message after the re-register went quiet when the channel was muted.
    expect(store.badgeInput()).toEqual({
      counts: {
        dms: 1,
        channelUnread: 0,
        mentions: 0,
        followed: 0,
        mentionsOrDms: 1,
        mentionsDmsOrFollowed: 1,
      },
      mode: 3,
    });
    expect(store.unreadSummary()?.conversations).toEqual([
      { userIds: [expect.any(Number)], names: ['Ada Admin'], unread: 1 },
    ]);
    expect(store.state?.isUnread(lastDm!)).toBe(true);
    expect(store.topicView(r.general, 'standup')).toMatchObject({
      channel: 'general',
      muted: true,
      channelMuted: true,
    });
    expect(store.topicView(r.general, 'noise')).toMatchObject({ policy: 1, muted: true });
  });

  it('notifies each DM once, never one read in time, and closes one deleted', () => {
    const r = recorded();
    const { notifier, decisions } = replay(r);
    const [, firstDm] = messageIds(r.batch1);
    const [lastDm] = messageIds(r.batch2);
    expect(notifier.notified).toEqual([firstDm, lastDm]);
    // Deleting the first DM closed its notification; the last one is on screen.
    const firstShown = notifier.shown.find((n) => n.messageIds.includes(firstDm!));
    expect(notifier.closed).toEqual([firstShown?.id]);
    expect([...notifier.open.values()].flatMap((n) => n.messageIds)).toEqual([lastDm]);
    // Every message decided once, the gap fill's marked as missed; the one read elsewhere
    // while the queue was lost is said to be read.
    const ids = decisions.map((d) => d.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    const missed = decisions.filter((d) => d.missed);
    expect(missed.map((d) => d.messageId)).toEqual(r.missed.map((m) => m.message.id));
    expect(missed[0]?.reason).toContain('already read');
  });

  it('a re-register lets go of what events kept and tells the open views they may be stale', () => {
    const r = recorded();
    const t = storeUnderTest();
    t.store.reset();
    t.store.registered(r.first, []);
    t.store.apply(r.batch1);
    t.calls.length = 0;
    t.store.reset();
    t.store.registered(r.second, r.missed);
    t.store.restored();
    expect(t.calls).toEqual(
      expect.arrayContaining([
        'messages.drop',
        'outboxes.reregistering',
        'channels.reset',
        'messages.restored',
        'inbox.restored',
      ]),
    );
    expect(t.calls.indexOf('messages.drop')).toBeLessThan(t.calls.indexOf('messages.restored'));
    // The new registration replaced the state: the topic muted before is still muted, the
    // message sent while the queue was lost is unread.
    expect(t.store.state?.isUnread(r.missed[1]!.message.id)).toBe(true);
    t.calls.length = 0;
    t.store.reset(true);
    expect(t.calls).toContain('outboxes.stopped');
    expect(t.calls).not.toContain('outboxes.reregistering');
  });

  it('a keeper that fails leaves the state applied and the keepers after it called', () => {
    const r = recorded();
    const t = storeUnderTest({ fail: ['messages.apply'] });
    t.store.reset();
    t.store.registered(r.first, []);
    t.store.apply(r.batch1);
    const [, firstDm] = messageIds(r.batch1);
    expect(t.store.state?.isUnread(firstDm!)).toBe(true);
    expect(t.notifier.notified).toEqual([firstDm]);
    expect(t.calls.slice(t.calls.indexOf('messages.apply'))).toEqual([
      'messages.apply',
      'outboxes.echoes',
      'typing.follow',
      'settings.follow',
      'people.events',
      'inbox.follow',
      'channels.follow',
    ]);
  });
});

describe('the order of application matters where the store says it does', () => {
  /** The recorded account, with desktop notifications on for channel messages. */
  function loud(): Recorded {
    const r = recorded();
    (r.first.user_settings as Record<string, unknown>)['enable_stream_desktop_notifications'] =
      true;
    return r;
  }
  const typeOf = (e: ServerEvent) => e.type;

  it('each message is decided on the state as the events before it left it', () => {
    // Recorded: the topic "noise" is muted, then a message arrives in it.
    const r = loud();
    expect(r.batch1.map(typeOf).slice(-2)).toEqual(['user_topic', 'message']);
    const inOrder = storeUnderTest();
    inOrder.store.registered(r.first, []);
    inOrder.store.apply(r.batch1);
    const noise = messageIds(r.batch1).at(-1)!;
    expect(inOrder.decisions.find((d) => d.messageId === noise)).toMatchObject({
      desktop: false,
      rules: { desktop: 'A5' },
    });
    expect(inOrder.notifier.notified).not.toContain(noise);

    // The same events with the message before the mute: decided before the mute, notified.
    const swapped = [...r.batch1];
    swapped.splice(-2, 2, r.batch1.at(-1)!, r.batch1.at(-2)!);
    const reordered = storeUnderTest();
    reordered.store.registered(r.first, []);
    reordered.store.apply(swapped);
    expect(reordered.decisions.find((d) => d.messageId === noise)?.desktop).toBe(true);
    expect(reordered.notifier.notified).toContain(noise);
    // Either way the topic ends muted: only the decision depended on the order.
    expect(reordered.store.topicView(r.general, 'noise')?.muted).toBe(true);
  });

  it('a message read in the batch it arrived in is decided but never shown', () => {
    // Recorded: "in 5" arrives, then is read on another device, in one batch.
    const r = loud();
    const standup = messageIds(r.batch1)[0]!;
    const t = storeUnderTest();
    t.store.registered(r.first, []);
    t.store.apply(r.batch1);
    expect(t.decisions.find((d) => d.messageId === standup)?.desktop).toBe(true);
    expect(t.notifier.notified).not.toContain(standup);

    // Read in the next batch instead: it was shown, and the read closes it.
    const read = r.batch1.findIndex((e) => e.type === 'update_message_flags');
    const split = storeUnderTest();
    split.store.registered(r.first, []);
    split.store.apply(r.batch1.slice(0, read));
    split.store.apply(r.batch1.slice(read));
    expect(split.notifier.notified).toContain(standup);
    expect(split.notifier.closed).toHaveLength(1);
  });
});

describe('the Messages sidebar is rebuilt for what it shows', () => {
  const touches = (calls: string[]) => calls.filter((c) => c === 'messages.sidebarPush.touch');

  it('after a new message and a read elsewhere, not after a read mark that changes no count', () => {
    const r = recorded();
    // Recorded: "in 5" arrives in general, then is read on another device.
    const [arrived, , read] = r.batch1 as [ServerEvent, ServerEvent, ServerEvent];
    expect([arrived.type, read.type]).toEqual(['message', 'update_message_flags']);
    const t = storeUnderTest();
    t.store.registered(r.first, []);
    const rebuildsAfter = (batch: ServerEvent[]) => {
      t.calls.length = 0;
      t.store.apply(batch);
      return touches(t.calls).length;
    };
    // A new message: its topic and count.
    expect(rebuildsAfter([arrived])).toBeGreaterThan(0);
    const id = (arrived as { message: { id: number } }).message.id;
    expect(t.store.unreadSummary()?.counts.channelUnread).toBe(1);
    // Read on another device: the count falls, so the sidebar is rebuilt.
    expect(rebuildsAfter([read])).toBeGreaterThan(0);
    expect(t.store.state?.isUnread(id)).toBe(false);
    expect(t.store.unreadSummary()?.counts.channelUnread).toBe(0);
    // The same read mark again (a message read on arrival, its mark coming back): nothing
    // the sidebar shows changed, and it is not rebuilt.
    expect(rebuildsAfter([{ ...read, id: 99 } as ServerEvent])).toBe(0);
    // Marked unread again: the count rises, rebuilt.
    const unread = {
      id: 100,
      type: 'update_message_flags',
      op: 'remove',
      flag: 'read',
      messages: [id],
      all: false,
      message_details: { [String(id)]: { type: 'stream', stream_id: r.general, topic: 'standup' } },
    } as unknown as ServerEvent;
    expect(rebuildsAfter([unread])).toBeGreaterThan(0);
    expect(t.store.unreadSummary()?.counts.channelUnread).toBe(1);
  });
});

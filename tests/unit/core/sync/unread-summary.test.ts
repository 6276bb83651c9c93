import { beforeEach, describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import type { AccountRegister } from '../../../../src/core/model/state-types.ts';
import { UnreadPlaces, type UnreadSummary } from '../../../../src/core/model/unread-summary.ts';
import { ALICE, BOB, ME } from '../notify/fixtures.ts';
import {
  DESIGN,
  RANDOM,
  channelMessage,
  directMessage,
  event,
  registerResponse,
} from './register-fixture.ts';

let state: AccountState;
let places: UnreadPlaces;

function load(register: AccountRegister): void {
  state = new AccountState(register);
  places = new UnreadPlaces(register);
}

function apply(e: { id: number; type: string }): void {
  places.follow(e, state.apply(e), state);
}

/** Channel -> topic -> count, the way the sidebar lists them. */
function topicCounts(summary: UnreadSummary): Record<number, Record<string, number>> {
  const out: Record<number, Record<string, number>> = {};
  for (const [streamId, channel] of summary.channels) {
    out[streamId] = Object.fromEntries([...channel.topics.values()].map((t) => [t.name, t.unread]));
  }
  return out;
}

function channelCount(streamId: number): number {
  return places.summarize(state).channels.get(streamId)?.unread ?? 0;
}

beforeEach(() => load(registerResponse({ realm_empty_topic_display_name: 'general chat' })));

describe('from the register response', () => {
  it('counts each channel and topic, leaving out muted topics and muted channels exactly as the channel set does', () => {
    const summary = places.summarize(state);
    // #design's "noise" is muted; #random is muted but its "important" topic is unmuted.
    expect(topicCounts(summary)).toEqual({
      [DESIGN]: { logo: 2, lunch: 1 },
      [RANDOM]: { important: 1 },
    });
    expect(summary.channels.get(DESIGN)?.unread).toBe(3);
    expect(summary.channels.get(RANDOM)?.unread).toBe(1);
    expect(summary.emptyTopicName).toBe('general chat');
  });

  it('counts each direct and group conversation by its other participants, named from the state', () => {
    expect(places.summarize(state).conversations).toEqual([
      { userIds: [ALICE], names: ['Alice'], unread: 1 },
      { userIds: [ALICE, BOB], names: ['Alice', `user ${BOB}`], unread: 1 },
    ]);
  });

  it('gives the mention, followed and DM totals of the unread sets', () => {
    const { counts } = places.summarize(state);
    expect([counts.dms, counts.channelUnread, counts.mentions, counts.followed]).toEqual([
      2, 4, 2, 1,
    ]);
  });

  it('stays exact far beyond the 5000 messages one server query returns', () => {
    const ids = Array.from({ length: 7321 }, (_, i) => 10_000 + i);
    const base = registerResponse();
    load({
      ...base,
      unread_msgs: {
        ...base.unread_msgs,
        streams: [{ stream_id: DESIGN, topic: 'flood', unread_message_ids: ids }],
      },
    });
    const summary = places.summarize(state);
    expect(summary.channels.get(DESIGN)?.unread).toBe(7321);
    expect(topicCounts(summary)[DESIGN]).toEqual({ flood: 7321 });
  });
});

describe('following events', () => {
  it('a new channel message joins its topic; a topic differing only in case is the same topic', () => {
    apply(event('message', { message: channelMessage(500, DESIGN, 'LOGO'), flags: [] }));
    apply(event('message', { message: channelMessage(501, DESIGN, 'release'), flags: [] }));
    expect(topicCounts(places.summarize(state))[DESIGN]).toEqual({ logo: 3, lunch: 1, release: 1 });
  });

  it("new direct messages count in their conversation, the user's notes to self included", () => {
    apply(event('message', { message: directMessage(500), flags: [] }));
    const notes = {
      ...directMessage(501, ME),
      display_recipient: [{ id: ME, email: 'me@acme.test', full_name: 'Me' }],
    };
    apply(event('message', { message: notes, flags: [] }));
    const { conversations } = places.summarize(state);
    expect(conversations.find((c) => c.userIds.join() === String(ALICE))?.unread).toBe(2);
    expect(conversations.find((c) => c.userIds.length === 0)?.unread).toBe(1);
  });

  it('a message that arrives already read counts nowhere and is not remembered', () => {
    const before = places.size;
    apply(event('message', { message: channelMessage(500, DESIGN, 'logo'), flags: ['read'] }));
    expect(channelCount(DESIGN)).toBe(3);
    expect(places.size).toBe(before);
  });

  it('reading and deleting messages lowers the counts and forgets where they were', () => {
    apply(event('update_message_flags', { op: 'add', flag: 'read', messages: [200], all: false }));
    apply(event('delete_message', { message_type: 'private', message_ids: [100] }));
    const summary = places.summarize(state);
    expect(topicCounts(summary)[DESIGN]).toEqual({ logo: 1, lunch: 1 });
    expect(summary.conversations.map((c) => c.userIds)).toEqual([[ALICE, BOB]]);
    expect(places.size).toBe(6);
  });

  it('marking everything read empties every count', () => {
    apply(event('update_message_flags', { op: 'add', flag: 'read', messages: [], all: true }));
    const summary = places.summarize(state);
    expect(summary.channels.size).toBe(0);
    expect(summary.conversations).toEqual([]);
    expect(places.size).toBe(0);
  });

  it('muting a topic or unmuting a channel changes the counts at once', () => {
    apply(
      event('user_topic', {
        stream_id: DESIGN,
        topic_name: 'logo',
        last_updated: 2,
        visibility_policy: 1,
      }),
    );
    expect(topicCounts(places.summarize(state))[DESIGN]).toEqual({ lunch: 1 });
    apply(
      event('subscription', {
        op: 'update',
        stream_id: RANDOM,
        property: 'is_muted',
        value: false,
      }),
    );
    expect(topicCounts(places.summarize(state))[RANDOM]).toEqual({ chat: 1, important: 1 });
  });

  it('moved messages count in their new channel and topic', () => {
    apply(
      event('update_message', {
        user_id: ALICE,
        message_id: 200,
        message_ids: [200, 201],
        flags: [],
        stream_id: DESIGN,
        new_stream_id: RANDOM,
        subject: 'Important',
      }),
    );
    expect(channelCount(DESIGN)).toBe(1);
    // "Important" and "important" are one topic, whichever spelling names it.
    const topics = places.summarize(state).channels.get(RANDOM)?.topics;
    expect([...(topics?.entries() ?? [])].map(([key, t]) => [key, t.unread])).toEqual([
      ['important', 3],
    ]);
  });

  it('messages marked unread again count where the event says they are', () => {
    apply(event('update_message_flags', { op: 'add', flag: 'read', messages: [], all: true }));
    apply(
      event('update_message_flags', {
        op: 'remove',
        flag: 'read',
        messages: [200, 101],
        all: false,
        message_details: {
          '200': { type: 'stream', stream_id: DESIGN, topic: '' },
          '101': { type: 'private', user_ids: [BOB, ALICE] },
        },
      }),
    );
    const summary = places.summarize(state);
    expect(topicCounts(summary)).toEqual({ [DESIGN]: { '': 1 } });
    expect(summary.conversations.map((c) => [c.userIds, c.unread])).toEqual([[[ALICE, BOB], 1]]);
  });
});

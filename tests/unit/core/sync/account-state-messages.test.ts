import { beforeEach, describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import {
  DESIGN,
  RANDOM,
  UNSUBSCRIBED,
  channelMessage,
  directMessage,
  event,
  registerResponse,
} from './register-fixture.ts';
import { badges, unreadSets } from './helpers.ts';

let state: AccountState;
beforeEach(() => {
  state = new AccountState(registerResponse());
});

describe('message', () => {
  it('an unread DM joins dms and is handed out for a decision', () => {
    const msg = directMessage(400);
    const result = state.apply(event('message', { message: msg, flags: [] }));
    expect(result).toEqual({ unreadsChanged: true, newMessage: { message: msg, flags: [] } });
    expect(unreadSets(state).dms).toEqual([100, 101, 400]);
    expect(badges(state)).toEqual([7, 6, 5, 0]);
  });

  it('a DM that mentions the user counts once in the DM-and-mention badge', () => {
    state.apply(event('message', { message: directMessage(400), flags: ['mentioned'] }));
    expect(unreadSets(state).mentions).toEqual([201, 300, 400]);
    expect(badges(state)).toEqual([7, 6, 5, 0]);
  });

  it('a message already read (sent from another device) changes no set but is still handed out', () => {
    const result = state.apply(
      event('message', { message: directMessage(400, 10), flags: ['read'] }),
    );
    expect(result.unreadsChanged).toBe(false);
    expect(result.newMessage?.message.id).toBe(400);
    expect(badges(state)).toEqual([6, 5, 4, 0]);
  });

  it('a wildcard mention counts as a mention only in an unmuted context', () => {
    state.apply(
      event('message', {
        message: channelMessage(410, DESIGN, 'logo'),
        flags: ['stream_wildcard_mentioned'],
      }),
    );
    state.apply(
      event('message', {
        message: channelMessage(411, RANDOM, 'chat'),
        flags: ['topic_wildcard_mentioned'],
      }),
    );
    state.apply(
      event('message', {
        message: channelMessage(412, RANDOM, 'IMPORTANT'),
        flags: ['stream_wildcard_mentioned'],
      }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301, 410, 412],
      mentions: [201, 300, 410, 412],
    });
  });

  it('the older wildcard_mentioned flag counts as a wildcard mention', () => {
    state.apply(
      event('message', {
        message: channelMessage(413, DESIGN, 'logo'),
        flags: ['wildcard_mentioned'],
      }),
    );
    expect(unreadSets(state).mentions).toEqual([201, 300, 413]);
  });

  it('a personal mention in a muted channel is a mention but not channel unread', () => {
    state.apply(
      event('message', { message: channelMessage(420, RANDOM, 'chat'), flags: ['mentioned'] }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301],
      mentions: [201, 300, 420],
    });
  });

  it('a message in a followed topic, whatever its case, is followed and channel unread', () => {
    state.apply(event('message', { message: channelMessage(430, DESIGN, 'LUNCH'), flags: [] }));
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301, 430],
      followed: [202, 430],
    });
    expect(badges(state)).toEqual([7, 6, 4, 0]);
  });

  it('alert words alone do not count as mentions; messages in unsubscribed channels count nowhere', () => {
    state.apply(
      event('message', { message: channelMessage(440, DESIGN, 'logo'), flags: ['has_alert_word'] }),
    );
    state.apply(
      event('message', { message: channelMessage(441, UNSUBSCRIBED, 'x'), flags: ['mentioned'] }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301, 440],
      mentions: [201, 300],
    });
  });
});

describe('update_message', () => {
  const edit = (fields: object) =>
    event('update_message', {
      user_id: 11,
      message_id: 200,
      message_ids: [200],
      flags: [],
      edit_timestamp: 1,
      ...fields,
    });

  it('an edit that adds a mention adds the message to mentions; one that removes it removes it', () => {
    state.apply(edit({ flags: ['mentioned'], rendered_content: '<p>@me</p>' }));
    expect(unreadSets(state).mentions).toEqual([200, 201, 300]);
    expect(badges(state)[2]).toBe(5);
    state.apply(edit({ message_id: 201, message_ids: [201], flags: [] }));
    expect(unreadSets(state).mentions).toEqual([200, 300]);
  });

  it('an edit of a message marked read elsewhere drops it from every set', () => {
    state.apply(edit({ message_id: 201, message_ids: [201], flags: ['read', 'mentioned'] }));
    expect(unreadSets(state)).toMatchObject({ channelUnread: [200, 202, 301], mentions: [300] });
  });

  it('a move into a muted topic leaves channelUnread', () => {
    state.apply(
      edit({
        stream_id: DESIGN,
        orig_subject: 'logo',
        subject: 'Noise',
        propagate_mode: 'change_all',
        message_ids: [200, 201],
      }),
    );
    expect(unreadSets(state)).toMatchObject({ channelUnread: [202, 301], mentions: [201, 300] });
    expect(state.topicPolicy(DESIGN, 'Noise')).toBe(1);
  });

  it('a move into a followed topic joins followed', () => {
    state.apply(
      edit({ stream_id: DESIGN, orig_subject: 'logo', subject: 'lunch', message_ids: [200] }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301],
      followed: [200, 202],
    });
  });

  it('a move to a muted channel leaves channelUnread; a move back returns', () => {
    state.apply(edit({ stream_id: DESIGN, new_stream_id: RANDOM, message_ids: [200, 201] }));
    expect(unreadSets(state).channelUnread).toEqual([202, 301]);
    state.apply(
      edit({ stream_id: RANDOM, new_stream_id: DESIGN, subject: 'new', message_ids: [200] }),
    );
    expect(unreadSets(state).channelUnread).toEqual([200, 202, 301]);
  });

  it('a move out of a muted channel into an unmuted topic elsewhere brings a muted message in', () => {
    state.apply(
      edit({
        message_id: 300,
        stream_id: RANDOM,
        new_stream_id: DESIGN,
        message_ids: [300],
        flags: ['mentioned'],
      }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 300, 301],
      mentions: [201, 300],
    });
  });

  it('an edit of a read message changes nothing', () => {
    const result = state.apply(
      edit({ message_id: 999, message_ids: [999], flags: ['mentioned'], subject: 'lunch' }),
    );
    expect(result.unreadsChanged).toBe(false);
    expect(badges(state)).toEqual([6, 5, 4, 0]);
  });
});

describe('delete_message', () => {
  it('removes the ids listed in message_ids (bulk deletion)', () => {
    state.apply(
      event('delete_message', {
        message_type: 'stream',
        message_ids: [201, 202],
        stream_id: DESIGN,
        topic: 'logo',
      }),
    );
    expect(unreadSets(state)).toEqual({
      dms: [100, 101],
      channelUnread: [200, 301],
      mentions: [300],
      followed: [],
    });
    expect(badges(state)).toEqual([4, 3, 3, 0]);
  });

  it('removes the single message_id of the older form', () => {
    state.apply(event('delete_message', { message_type: 'private', message_id: 100 }));
    expect(unreadSets(state).dms).toEqual([101]);
  });
});

describe('reaction', () => {
  it('changes no unread set', () => {
    const result = state.apply(
      event('reaction', {
        op: 'add',
        message_id: 200,
        emoji_name: 'smile',
        emoji_code: '1f604',
        reaction_type: 'unicode_emoji',
        user_id: 11,
      }),
    );
    expect(result).toEqual({ unreadsChanged: false });
    expect(badges(state)).toEqual([6, 5, 4, 0]);
  });
});

describe('update_message_flags', () => {
  it('marking messages read removes them from every set', () => {
    state.apply(
      event('update_message_flags', {
        op: 'add',
        flag: 'read',
        messages: [100, 201, 202, 300],
        all: false,
      }),
    );
    expect(unreadSets(state)).toEqual({
      dms: [101],
      channelUnread: [200, 301],
      mentions: [],
      followed: [],
    });
    expect(badges(state)).toEqual([3, 1, 1, 0]);
  });

  it('marking all read empties every set', () => {
    state.apply(
      event('update_message_flags', { op: 'add', flag: 'read', messages: [], all: true }),
    );
    expect(unreadSets(state)).toEqual({ dms: [], channelUnread: [], mentions: [], followed: [] });
    expect(badges(state)).toEqual([0, 0, 0, 0]);
  });

  it('marking unread with message_details re-adds each message where it belongs', () => {
    state.apply(
      event('update_message_flags', { op: 'add', flag: 'read', messages: [], all: true }),
    );
    state.apply(
      event('update_message_flags', {
        op: 'remove',
        flag: 'read',
        messages: [100, 202, 203, 300],
        all: false,
        message_details: {
          '100': { type: 'private', mentioned: true, user_ids: [11] },
          '202': { type: 'stream', stream_id: DESIGN, topic: 'LUNCH' },
          '203': { type: 'stream', stream_id: DESIGN, topic: 'noise' },
          '300': { type: 'stream', stream_id: RANDOM, topic: 'chat', mentioned: true },
        },
      }),
    );
    expect(unreadSets(state)).toEqual({
      dms: [100],
      channelUnread: [202],
      mentions: [100, 300],
      followed: [202],
    });
    expect(badges(state)).toEqual([2, 3, 2, 0]);
  });

  it('other flags, like starred, leave the sets alone', () => {
    const result = state.apply(
      event('update_message_flags', { op: 'add', flag: 'starred', messages: [200], all: false }),
    );
    expect(result.unreadsChanged).toBe(false);
    expect(badges(state)).toEqual([6, 5, 4, 0]);
  });
});

describe('heartbeat and unknown events', () => {
  it('change nothing', () => {
    expect(state.apply(event('heartbeat', {}))).toEqual({ unreadsChanged: false });
    expect(state.apply(event('typing', { op: 'start' }))).toEqual({ unreadsChanged: false });
    expect(badges(state)).toEqual([6, 5, 4, 0]);
  });
});

describe('messages that stop being unread are reported, so their notifications can close', () => {
  it('read, read-all and deleted messages; never a message that was not unread', () => {
    const read = state.apply(
      event('update_message_flags', { op: 'add', flag: 'read', messages: [100, 999], all: false }),
    );
    expect(read.noLongerUnread).toEqual([100]);
    const deleted = state.apply(
      event('delete_message', { message_type: 'stream', message_ids: [200] }),
    );
    expect(deleted.noLongerUnread).toEqual([200]);
    const readElsewhere = state.apply(
      event('update_message', {
        user_id: 11,
        message_id: 201,
        message_ids: [201],
        flags: ['read'],
      }),
    );
    expect(readElsewhere.noLongerUnread).toEqual([201]);
    const all = state.apply(
      event('update_message_flags', { op: 'add', flag: 'read', messages: [], all: true }),
    );
    expect(all.noLongerUnread).toBe('all');
    expect(state.apply(event('heartbeat', {})).noLongerUnread).toBeUndefined();
  });

  it('an edit or a move that changes no set reports nothing', () => {
    const edit = state.apply(
      event('update_message', {
        user_id: 11,
        message_id: 201,
        message_ids: [201],
        flags: ['mentioned'],
        content: 'x',
      }),
    );
    expect(edit).toEqual({ unreadsChanged: false });
    const move = state.apply(
      event('update_message', {
        user_id: 11,
        message_id: 200,
        message_ids: [200],
        flags: [],
        subject: 'other',
      }),
    );
    expect(move).toEqual({ unreadsChanged: false });
  });
});

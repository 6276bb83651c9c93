import { describe, expect, it } from 'vitest';
import { applyEvent, replaceMessages } from '../../../../src/renderer/lib/message-events.ts';
import { groupReactions } from '../../../../src/renderer/lib/reactions.ts';
import { emojiGlyph, searchEmoji } from '../../../../src/renderer/lib/emoji.ts';
import { message } from './message-fixture.ts';

const tada = { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' };

describe('live events on loaded messages', () => {
  it('adds a reaction once and removes only that user’s', () => {
    let list = [message(1), message(2)];
    const add = { type: 'reaction', op: 'add', message_id: 2, user_id: 7, ...tada };
    list = applyEvent(list, add).messages;
    list = applyEvent(list, add).messages;
    list = applyEvent(list, { ...add, user_id: 8 }).messages;
    expect(list[1]!.reactions.map((r) => r.user_id)).toEqual([7, 8]);
    list = applyEvent(list, { ...add, op: 'remove' }).messages;
    expect(list[1]!.reactions.map((r) => r.user_id)).toEqual([8]);
    expect(list[0]!.reactions).toEqual([]);
  });

  it('marks messages read one by one or all at once', () => {
    let list = [message(1), message(2), message(3)];
    list = applyEvent(list, {
      type: 'update_message_flags',
      op: 'add',
      flag: 'read',
      messages: [2],
      all: false,
    }).messages;
    expect(list.map((m) => m.flags.includes('read'))).toEqual([false, true, false]);
    list = applyEvent(list, {
      type: 'update_message_flags',
      op: 'add',
      flag: 'read',
      messages: [],
      all: true,
    }).messages;
    expect(list.every((m) => m.flags.includes('read'))).toBe(true);
  });

  it('drops deleted messages and asks for edited ones again', () => {
    const list = [message(1), message(2), message(3)];
    expect(
      applyEvent(list, { type: 'delete_message', message_ids: [1, 3] }).messages.map((m) => m.id),
    ).toEqual([2]);
    expect(
      applyEvent(list, { type: 'delete_message', message_id: 2 }).messages.map((m) => m.id),
    ).toEqual([1, 3]);
    expect(applyEvent(list, { type: 'update_message', message_ids: [3, 99] }).refetch).toEqual([3]);
    expect(applyEvent(list, { type: 'message' }).fetchNewer).toBe(true);
  });
});

describe('messages fetched again after an edit', () => {
  const narrow = [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 'Deploy' },
  ];

  it('replace the loaded ones and leave when moved out of the channel or topic', () => {
    const list = [
      message(1, { subject: 'deploy' }),
      message(2, { subject: 'deploy' }),
      message(3, { subject: 'deploy' }),
    ];
    const fresh = [
      message(1, { subject: 'deploy', content: '<p>edited</p>' }),
      message(2, { subject: 'lunch' }),
      message(3, { subject: 'deploy', display_recipient: 'random', stream_id: 9 }),
    ];
    const out = replaceMessages(list, fresh, narrow);
    expect(out.map((m) => [m.id, m.content])).toEqual([[1, '<p>edited</p>']]);
  });

  it('keep moved messages in narrows that do not name the channel or topic', () => {
    const out = replaceMessages(
      [message(1)],
      [message(1, { subject: 'elsewhere' })],
      [
        { operator: 'sender', operand: 'a@x' },
        { operator: 'topic', operand: 't', negated: true },
      ],
    );
    expect(out.map((m) => m.subject)).toEqual(['elsewhere']);
  });
});

describe('reaction groups and emoji', () => {
  it('counts each emoji once per user and knows the user’s own', () => {
    const groups = groupReactions(
      [
        { ...tada, user_id: 1 },
        { ...tada, user_id: 2 },
        { emoji_name: 'heart', emoji_code: '2764', reaction_type: 'unicode_emoji', user_id: 2 },
      ],
      2,
    );
    expect(groups.map((g) => [g.name, g.userIds.length, g.mine])).toEqual([
      ['tada', 2, true],
      ['heart', 1, true],
    ]);
    expect(groupReactions([{ ...tada, user_id: 1 }], 2)[0]!.mine).toBe(false);
  });

  it('draws codes as characters, custom emoji by name, and finds emoji by name', () => {
    expect(emojiGlyph('1f1eb-1f1f7', 'unicode_emoji', 'flag_france')).toBe('🇫🇷');
    expect(emojiGlyph('zzz', 'unicode_emoji', 'odd')).toBe(':odd:');
    expect(emojiGlyph('42', 'realm_emoji', 'party_parrot')).toBe(':party_parrot:');
    expect(searchEmoji('ro').map((e) => e.name)).toEqual(['rocket', 'cross_mark']);
    expect(searchEmoji('smile face')).toEqual([]);
    expect(searchEmoji(':tada:').map((e) => e.name)).toEqual(['tada']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  mergeMovedIn,
  replaceMessages,
  surelyInNarrow,
} from '../../../src/contract/message-events.ts';
import { groupReactions } from '../../../src/renderer/lib/reactions.ts';
import { message } from '../renderer/messages/message-fixture.ts';

const ctx = { narrow: [], channelName: () => undefined };

const tada = { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' };

describe('live events on loaded messages', () => {
  it('adds a reaction once and removes only that user’s', () => {
    let list = [message(1), message(2)];
    const add = { type: 'reaction', op: 'add', message_id: 2, user_id: 7, ...tada };
    list = applyEvent(list, add, ctx).messages;
    list = applyEvent(list, add, ctx).messages;
    list = applyEvent(list, { ...add, user_id: 8 }, ctx).messages;
    expect(list[1]!.reactions.map((r) => r.user_id)).toEqual([7, 8]);
    list = applyEvent(list, { ...add, op: 'remove' }, ctx).messages;
    expect(list[1]!.reactions.map((r) => r.user_id)).toEqual([8]);
    expect(list[0]!.reactions).toEqual([]);
  });

  it('marks messages read one by one or all at once', () => {
    let list = [message(1), message(2), message(3)];
    list = applyEvent(
      list,
      {
        type: 'update_message_flags',
        op: 'add',
        flag: 'read',
        messages: [2],
        all: false,
      },
      ctx,
    ).messages;
    expect(list.map((m) => m.flags.includes('read'))).toEqual([false, true, false]);
    list = applyEvent(
      list,
      {
        type: 'update_message_flags',
        op: 'add',
        flag: 'read',
        messages: [],
        all: true,
      },
      ctx,
    ).messages;
    expect(list.every((m) => m.flags.includes('read'))).toBe(true);
  });

  it('keeps the same list when a flag event changes nothing (a read mark for a message read on arrival)', () => {
    const list = [message(1), { ...message(2), flags: ['read'] }];
    const event = {
      type: 'update_message_flags',
      op: 'add',
      flag: 'read',
      messages: [2],
      all: false,
    };
    expect(applyEvent(list, event, ctx).messages).toBe(list);
    expect(applyEvent(list, { ...event, messages: [1] }, ctx).messages).not.toBe(list);
  });

  it('drops deleted messages and asks for newer ones when a message arrives', () => {
    const list = [message(1), message(2), message(3)];
    expect(
      applyEvent(list, { type: 'delete_message', message_ids: [1, 3] }, ctx).messages.map(
        (m) => m.id,
      ),
    ).toEqual([2]);
    expect(
      applyEvent(list, { type: 'delete_message', message_id: 2 }, ctx).messages.map((m) => m.id),
    ).toEqual([1, 3]);
    expect(applyEvent(list, { type: 'message' }, ctx).fetchNewer).toBe(true);
  });
});

describe('a new message taken from its event', () => {
  const arriving = (id: number, extra: Parameters<typeof message>[1] = {}) => ({
    type: 'message',
    message: { ...message(id, extra), flags: undefined },
    flags: ['mentioned'],
  });
  const taking = (narrow: Parameters<typeof surelyInNarrow>[1]) => ({
    narrow,
    channelName: () => undefined,
    takeNew: true,
  });

  it('shows a message of the narrow at once, with its flags, without asking for newer ones', () => {
    const list = [message(1), message(2)];
    const effect = applyEvent(list, arriving(3, { subject: 'Lunch' }), taking([]));
    expect(effect.fetchNewer).toBe(false);
    expect(effect.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(effect.messages[2]!.flags).toEqual(['mentioned']);
    const topic = taking([
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'lunch' },
    ]);
    expect(applyEvent(list, arriving(3, { subject: 'Lunch' }), topic).messages).toHaveLength(3);
    // Already in place (fetched before its event came): not shown twice.
    expect(applyEvent([...list, message(3)], arriving(3), taking([])).messages).toHaveLength(3);
    // Behind the newest loaded one (events of two queues crossing): put at its place by id.
    expect(
      applyEvent([message(1), message(5)], arriving(3), taking([])).messages.map((m) => m.id),
    ).toEqual([1, 3, 5]);
  });

  it('leaves to the server what it cannot be sure of, so no message of the narrow is missed', () => {
    const list = [message(1)];
    const asks = (narrow: Parameters<typeof surelyInNarrow>[1], extra = {}) => {
      const effect = applyEvent(list, arriving(2, extra), taking(narrow));
      return effect.fetchNewer && effect.messages === list;
    };
    // Another topic, a channel spelled otherwise, a negated term, a search.
    expect(asks([{ operator: 'topic', operand: 'other' }])).toBe(true);
    expect(asks([{ operator: 'channel', operand: 'General' }])).toBe(true);
    expect(asks([{ operator: 'channel', operand: 'general', negated: true }])).toBe(true);
    expect(asks([{ operator: 'search', operand: 'hi' }])).toBe(true);
    // By id, the channel is certain.
    expect(asks([{ operator: 'channel', operand: 1 }])).toBe(false);
    // Without the Core's word that events carry fetched messages, nothing is taken.
    const effect = applyEvent(list, arriving(2), { narrow: [], channelName: () => undefined });
    expect(effect).toMatchObject({ fetchNewer: true, messages: list });
  });

  it('knows a direct message conversation by its people, with or without the user', () => {
    const dm = (ids: number[]) =>
      message(0, {
        type: 'private',
        display_recipient: ids.map((id) => ({ id, email: `${id}@x`, full_name: `P${id}` })),
      });
    const me = 9;
    const terms = (operand: number[]) => [{ operator: 'dm', operand }];
    expect(surelyInNarrow(dm([me, 4]), terms([4]))).toBe(true);
    expect(surelyInNarrow(dm([me, 4]), terms([4, me]))).toBe(true);
    expect(surelyInNarrow(dm([me]), terms([me]))).toBe(true);
    expect(surelyInNarrow(dm([me, 4, 5]), terms([4]))).toBe(false);
    expect(surelyInNarrow(dm([me, 4]), terms([4, 5]))).toBe(false);
    expect(surelyInNarrow(message(0), terms([4]))).toBe(false);
  });
});

describe('edits and moves applied in place', () => {
  const general = { channelName: (id: number) => (id === 2 ? 'random' : undefined) };
  const edit = {
    type: 'update_message',
    user_id: 4,
    message_id: 2,
    message_ids: [2],
    edit_timestamp: 50,
    orig_content: 'hi',
    orig_rendered_content: '<p>hi</p>',
    content: 'bye',
    rendered_content: '<p>bye</p>',
  };

  it('puts the new text in and keeps every other message as it was', () => {
    const list = [message(1), message(2), message(3)];
    const out = applyEvent(list, edit, { ...general, narrow: [] });
    expect(out.messages[1]).toMatchObject({ content: '<p>bye</p>', last_edit_timestamp: 50 });
    expect(out.messages[1]!.edit_history).toEqual([
      { user_id: 4, timestamp: 50, prev_content: 'hi', prev_rendered_content: '<p>hi</p>' },
    ]);
    expect(out.messages[0]).toBe(list[0]);
    expect(out.messages[2]).toBe(list[2]);
    expect(out.refetch).toEqual([]);
  });

  it('moves messages out of a topic narrow and asks for those moved in', () => {
    const narrow = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 't' },
    ];
    const move = {
      type: 'update_message',
      user_id: 4,
      message_id: 1,
      message_ids: [1, 2, 7],
      edit_timestamp: 60,
      stream_id: 1,
      orig_subject: 't',
      subject: 'elsewhere',
      propagate_mode: 'change_all',
    };
    const out = applyEvent([message(1), message(2), message(3)], move, { ...general, narrow });
    expect(out.messages.map((m) => m.id)).toEqual([3]);
    expect(out.fetchIn).toEqual([7]);
    const into = applyEvent(
      [message(3)],
      { ...move, orig_subject: 'x', subject: 't' },
      {
        ...general,
        narrow,
      },
    );
    expect(into.fetchIn).toEqual([1, 2, 7]);
  });

  it('names the new channel of a moved message, or fetches it when the name is unknown', () => {
    const move = { ...edit, rendered_content: undefined, stream_id: 1, new_stream_id: 2 };
    const known = applyEvent([message(2)], move, { ...general, narrow: [] });
    expect(known.messages[0]).toMatchObject({ stream_id: 2, display_recipient: 'random' });
    const unknown = applyEvent([message(2)], { ...move, new_stream_id: 5 }, ctx);
    expect(unknown.refetch).toEqual([2]);
  });

  it('does not show resolving a topic as a move', () => {
    const resolve = { ...edit, rendered_content: undefined, orig_subject: 't', subject: '✔ t' };
    const [m] = applyEvent([message(2)], resolve, ctx).messages;
    expect(m).toMatchObject({ subject: '✔ t' });
    expect(m!.last_moved_timestamp).toBeUndefined();
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

describe('messages moved into the narrow', () => {
  it('take their place by id inside the loaded range, and beyond an end only at the narrow’s end', () => {
    const loaded = [message(10), message(20)];
    const ends = { foundOldest: false, foundNewest: true };
    const out = mergeMovedIn(loaded, [message(5), message(15), message(25)], ends);
    expect(out.map((m) => m.id)).toEqual([10, 15, 20, 25]);
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
});

import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../../../../src/contract/message-events.ts';
import {
  newOptionContent,
  newTaskContent,
  voteContent,
  widgetOf,
  type Poll,
  type TodoList,
} from '../../../../../src/renderer/views/messages/widgets/widget-state.ts';
import { message } from '../message-fixture.ts';

const AUTHOR = 1;
const MEL = 2;
let nextId = 1;

function sub(senderId: number, content: unknown) {
  return {
    id: nextId++,
    message_id: 9,
    sender_id: senderId,
    msg_type: 'widget',
    content: JSON.stringify(content),
  };
}

const pollHead = sub(AUTHOR, {
  widget_type: 'poll',
  extra_data: { question: 'Lunch?', options: ['Noodles'] },
});
const todoHead = sub(AUTHOR, {
  widget_type: 'todo',
  extra_data: { task_list_title: 'Chores', tasks: [{ task: 'Dishes', desc: 'tonight' }] },
});

const poll = (...rest: ReturnType<typeof sub>[]) =>
  widgetOf({ sender_id: AUTHOR, submessages: [pollHead, ...rest] }, MEL) as Poll;
const todo = (...rest: ReturnType<typeof sub>[]) =>
  widgetOf({ sender_id: AUTHOR, submessages: [todoHead, ...rest] }, MEL) as TodoList;

describe('a poll replayed from its submessages', () => {
  it('counts votes per person, a second vote taking the first back', () => {
    const p = poll(
      sub(MEL, { type: 'new_option', idx: 1, option: 'Tacos' }),
      sub(AUTHOR, { type: 'vote', key: 'canned,0', vote: 1 }),
      sub(MEL, { type: 'vote', key: `${MEL},1`, vote: 1 }),
      sub(MEL, { type: 'vote', key: `${MEL},1`, vote: -1 }),
    );
    expect(p.question).toBe('Lunch?');
    expect(p.options.map((o) => [o.text, o.voters])).toEqual([
      ['Noodles', [AUTHOR]],
      ['Tacos', []],
    ]);
    // The reader's next option takes the index after the one they used.
    expect(JSON.parse(newOptionContent(p, 'Soup'))).toEqual({
      type: 'new_option',
      idx: 2,
      option: 'Soup',
    });
  });

  it('follows only its author’s question changes', () => {
    const p = poll(
      sub(MEL, { type: 'question', question: 'Hijacked' }),
      sub(AUTHOR, { type: 'question', question: 'Lunch today?' }),
    );
    expect(p.question).toBe('Lunch today?');
  });

  it('asks to take a vote back when the reader has voted, and to vote otherwise', () => {
    const p = poll(sub(MEL, { type: 'vote', key: 'canned,0', vote: 1 }));
    expect(JSON.parse(voteContent(p.options[0]!, MEL)).vote).toBe(-1);
    expect(JSON.parse(voteContent(p.options[0]!, AUTHOR)).vote).toBe(1);
  });

  it('is no widget when the first submessage is not the sender’s, or is not JSON', () => {
    expect(widgetOf({ sender_id: MEL, submessages: [pollHead] }, MEL)).toBeUndefined();
    expect(
      widgetOf({ sender_id: AUTHOR, submessages: [{ ...pollHead, content: '{' }] }, MEL),
    ).toBeUndefined();
    expect(widgetOf({ sender_id: AUTHOR }, MEL)).toBeUndefined();
  });
});

describe('a to-do list replayed from its submessages', () => {
  it('adds tasks under their sender’s key and toggles them by strike', () => {
    const t = todo(
      sub(MEL, { type: 'new_task', key: 1, task: 'Laundry', desc: '', completed: false }),
      sub(AUTHOR, { type: 'strike', key: '0,canned' }),
      sub(MEL, { type: 'strike', key: `1,${MEL}` }),
      sub(AUTHOR, { type: 'strike', key: `1,${MEL}` }),
      sub(MEL, { type: 'new_task_list_title', title: 'Not yours' }),
    );
    expect(t.title).toBe('Chores');
    expect(t.tasks.map((x) => [x.task, x.desc, x.completed])).toEqual([
      ['Dishes', 'tonight', true],
      ['Laundry', '', false],
    ]);
    expect(JSON.parse(newTaskContent(t, 'Trash', ''))).toMatchObject({ type: 'new_task', key: 2 });
  });
});

describe('the submessage event on loaded messages', () => {
  it('appends the submessage once, so a widget sees every vote a single time', () => {
    const m = { ...message(9), sender_id: AUTHOR, submessages: [pollHead] };
    const vote = sub(MEL, { type: 'vote', key: 'canned,0', vote: 1 });
    const event = {
      type: 'submessage',
      msg_type: 'widget',
      message_id: 9,
      submessage_id: vote.id,
      sender_id: MEL,
      content: vote.content,
    };
    let list = applyEvent([message(8), m], event, {
      narrow: [],
      channelName: () => undefined,
    }).messages;
    list = applyEvent(list, event, { narrow: [], channelName: () => undefined }).messages;
    expect(list[1]!.submessages).toHaveLength(2);
    expect((widgetOf(list[1]!, MEL) as Poll).options[0]!.voters).toEqual([MEL]);
  });
});

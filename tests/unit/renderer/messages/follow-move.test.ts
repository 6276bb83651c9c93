/** When a whole topic moves, which narrow the reader is taken to, and when they go along. */
import { describe, expect, test } from 'vitest';
import {
  followedNarrow,
  readerFollows,
  topicMove,
} from '../../../../src/renderer/views/messages/follow-move.ts';

/** An event as the queue hands it over: its own fields beside `type`. */
const event = (fields: { type: string } & Record<string, unknown>) => fields as { type: string };

const resolved = {
  type: 'update_message',
  user_id: 5,
  message_ids: [10, 11],
  stream_id: 1,
  orig_subject: 'deploy',
  subject: '✔ deploy',
  propagate_mode: 'change_all',
};
const channels = {
  idOf: (o: string | number) => (o === 'general' || o === 1 ? 1 : o === 'ops' ? 2 : undefined),
  nameOf: (id: number) => (id === 1 ? 'general' : id === 2 ? 'ops' : undefined),
};

describe('a topic move', () => {
  test('is read from a whole-topic update_message only', () => {
    expect(topicMove(resolved)).toMatchObject({
      from: { streamId: 1, topic: 'deploy' },
      to: { streamId: 1, topic: '✔ deploy' },
      by: 5,
    });
    expect(topicMove(event({ ...resolved, propagate_mode: 'change_one' }))).toBeUndefined();
    expect(
      topicMove(event({ type: 'update_message', message_id: 3, content: 'x' })),
    ).toBeUndefined();
  });

  test('takes the narrow of exactly that topic to its new place, in any letter case', () => {
    const move = topicMove(event({ ...resolved, new_stream_id: 2 }))!;
    expect(
      followedNarrow(
        [
          { operator: 'channel', operand: 'general' },
          { operator: 'topic', operand: 'Deploy' },
        ],
        move,
        channels,
      ),
    ).toEqual([
      { operator: 'channel', operand: 'ops' },
      { operator: 'topic', operand: '✔ deploy' },
    ]);
    // The channel alone, or another topic, stays where it is.
    expect(followedNarrow([{ operator: 'channel', operand: 'general' }], move, channels)).toBe(
      undefined,
    );
    expect(
      followedNarrow(
        [
          { operator: 'channel', operand: 'general' },
          { operator: 'topic', operand: 'lunch' },
        ],
        move,
        channels,
      ),
    ).toBeUndefined();
  });

  test('the reader follows their own move, or the message they had selected', () => {
    const move = topicMove(resolved)!;
    expect(readerFollows(move, 5, undefined)).toBe(true);
    expect(readerFollows(move, 9, 11)).toBe(true);
    expect(readerFollows(move, 9, 12)).toBe(false);
    expect(readerFollows(move, 9, undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import { ReadOnArrival } from '../../../../src/core/messages/read-on-arrival.ts';
import { Unsettled } from '../../../../src/core/messages/reconcile.ts';

const streamMessage = (id: number, topic: string, flags: string[] = []): ServerEvent =>
  ({
    id,
    type: 'message',
    flags,
    message: {
      id,
      type: 'stream',
      stream_id: 7,
      display_recipient: 'general',
      subject: topic,
      sender_id: 2,
      content: 'hi',
    },
  }) as unknown as ServerEvent;

const flagsOf = (events: ServerEvent[]) =>
  events.map((e) => (e.type === 'message' ? e.flags : undefined));

function setup(opts: { active?: boolean; refuse?: boolean; unsettled?: boolean } = {}) {
  const marked: number[][] = [];
  const applied: ServerEvent[][] = [];
  let active = opts.active ?? true;
  const reads = new ReadOnArrival({
    windowActive: () => active,
    markRead: (_account, ids) => {
      marked.push(ids);
      if (opts.unsettled) return Promise.reject(new Unsettled(new Error('socket hang up')));
      return opts.refuse ? Promise.reject(new Error('refused')) : Promise.resolve({});
    },
    apply: (_account, events) => applied.push(events),
  });
  return { reads, marked, applied, setActive: (a: boolean) => (active = a) };
}

describe('ReadOnArrival', () => {
  it('takes a message arriving in the narrow read at its end as read, and sends its read mark', () => {
    const { reads, marked } = setup();
    reads.reading('a', [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'deploy' },
    ]);
    const out = reads.take('a', [streamMessage(1, 'deploy'), streamMessage(2, 'lunch')]);
    expect(flagsOf(out)).toEqual([['read'], []]);
    expect(marked).toEqual([[1]]);
  });

  it('marks nothing with the window not in use, no narrow said, or for another account', () => {
    const { reads, marked, setActive } = setup({ active: false });
    reads.reading('a', []);
    expect(flagsOf(reads.take('a', [streamMessage(1, 'deploy')]))).toEqual([[]]);
    setActive(true);
    expect(flagsOf(reads.take('b', [streamMessage(2, 'deploy')]))).toEqual([[]]);
    reads.reading('a', null);
    expect(flagsOf(reads.take('a', [streamMessage(3, 'deploy')]))).toEqual([[]]);
    expect(marked).toEqual([]);
  });

  it('leaves a message already read alone, and puts back to unread what the server refused', async () => {
    const { reads, marked, applied } = setup({ refuse: true });
    reads.reading('a', []);
    reads.take('a', [streamMessage(1, 'deploy', ['read']), streamMessage(2, 'deploy')]);
    expect(marked).toEqual([[2]]);
    await expect.poll(() => applied.length).toBe(1);
    expect(applied[0]).toEqual([
      expect.objectContaining({
        type: 'update_message_flags',
        op: 'remove',
        flag: 'read',
        messages: [2],
        message_details: {
          '2': { type: 'stream', stream_id: 7, topic: 'deploy', mentioned: false },
        },
      }),
    ]);
  });

  it('keeps read a mark nobody could read back, until the keeper finds it made or not', async () => {
    const { reads, marked, applied } = setup({ unsettled: true });
    reads.reading('a', []);
    reads.take('a', [streamMessage(5, 'deploy')]);
    reads.take('a', [streamMessage(6, 'deploy')]);
    expect(marked).toEqual([[5], [6]]);
    // The rejection has been seen: nothing was put back for the unknown outcome.
    await new Promise((resolve) => setImmediate(resolve));
    expect(applied).toEqual([]);
    // The keeper read them back later: the first was made, the second was not.
    reads.settled('a', 5, true);
    reads.settled('b', 6, false);
    expect(applied).toEqual([]);
    reads.settled('a', 6, false);
    expect(applied).toEqual([
      [expect.objectContaining({ op: 'remove', flag: 'read', messages: [6] })],
    ]);
    // Settled once: a second word about it changes nothing.
    reads.settled('a', 6, false);
    expect(applied).toHaveLength(1);
  });
});

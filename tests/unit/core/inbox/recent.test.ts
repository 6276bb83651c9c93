import { describe, expect, it } from 'vitest';
import { RecentConversations, type RecentMessage } from '../../../../src/core/inbox/recent.ts';

const ME = 1;
const people = { 1: 'Me', 2: 'Alice', 3: 'Bob' } as Record<number, string>;

function topic(id: number, sender: number, name: string, at = id): RecentMessage {
  return {
    id,
    sender_id: sender,
    sender_full_name: people[sender] ?? '?',
    type: 'stream',
    stream_id: 9,
    subject: name,
    display_recipient: 'design',
    timestamp: at,
  };
}

function dm(id: number, sender: number, others: number[]): RecentMessage {
  return {
    id,
    sender_id: sender,
    sender_full_name: people[sender] ?? '?',
    type: 'private',
    subject: '',
    display_recipient: [ME, ...others].map((u) => ({ id: u, full_name: people[u] ?? '?' })),
    timestamp: id,
  };
}

describe('recent conversations of one account', () => {
  it('lists each topic and direct conversation once, most recently active first', () => {
    const r = new RecentConversations(ME);
    r.add([topic(1, 2, 'logo'), dm(2, 3, [3]), topic(3, 3, 'Logo'), topic(4, 2, 'lunch')]);
    expect(r.list(10).map((e) => [e.key, e.lastMessageId])).toEqual([
      ['s:9:lunch', 4],
      ['s:9:logo', 3],
      ['d:3', 2],
    ]);
  });

  it('names participants with the most recent sender last, whatever order messages come in', () => {
    const r = new RecentConversations(ME);
    r.add([topic(5, 2, 'logo'), topic(3, 3, 'logo'), topic(1, 1, 'logo')]);
    expect([...r.list(1)[0]!.senders.values()]).toEqual(['Me', 'Bob', 'Alice']);
    r.add([topic(6, 3, 'logo', 600)]);
    const [entry] = r.list(1);
    expect([...entry!.senders.values()]).toEqual(['Me', 'Alice', 'Bob']);
    expect(entry!.lastActivity).toBe(600);
  });

  it('follows a topic that was renamed as a whole', () => {
    const r = new RecentConversations(ME);
    r.add([topic(1, 2, 'logo')]);
    r.moved({ streamId: 9, topic: 'logo' }, { streamId: 9, topic: 'brand' });
    expect(r.list(5).map((e) => [e.key, e.topic])).toEqual([['s:9:brand', 'brand']]);
  });
});

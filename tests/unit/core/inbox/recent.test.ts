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

  it('goes back to the remaining messages when the newest is deleted, and drops an emptied one', () => {
    const r = new RecentConversations(ME);
    r.add([topic(1, 2, 'logo', 100), topic(2, 3, 'logo', 200), topic(3, 2, 'lunch', 300)]);
    expect(r.remove([2])).toBe(true);
    const logo = r.list(5).find((e) => e.key === 's:9:logo')!;
    expect(logo.lastMessageId).toBe(1);
    expect(logo.lastActivity).toBe(100);
    // Bob's only message went: he no longer took part.
    expect([...logo.senders.values()]).toEqual(['Alice']);
    r.remove([3]);
    expect(r.list(5).map((e) => e.key)).toEqual(['s:9:logo']);
    // A message the list never held changes nothing.
    expect(r.remove([99])).toBe(false);
  });

  it('reorders conversations when the newest activity of one is deleted', () => {
    const r = new RecentConversations(ME);
    r.add([topic(1, 2, 'logo'), dm(2, 3, [3]), topic(3, 2, 'logo')]);
    expect(r.list(5).map((e) => e.key)).toEqual(['s:9:logo', 'd:3']);
    r.remove([3]);
    expect(r.list(5).map((e) => e.key)).toEqual(['d:3', 's:9:logo']);
  });

  it('moves single messages to their new topic, leaving the rest where they were', () => {
    const r = new RecentConversations(ME);
    r.add([topic(1, 2, 'logo'), topic(2, 3, 'logo')]);
    r.moveMessages([2], { streamId: 9, topic: 'brand' });
    expect(r.list(5).map((e) => [e.key, e.lastMessageId])).toEqual([
      ['s:9:brand', 2],
      ['s:9:logo', 1],
    ]);
    // Deleting the moved message now empties its new topic only.
    r.remove([2]);
    expect(r.list(5).map((e) => e.key)).toEqual(['s:9:logo']);
  });
});

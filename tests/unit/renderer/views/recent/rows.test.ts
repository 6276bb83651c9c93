import { describe, expect, it } from 'vitest';
import { account } from '../account-fixture.ts';
import type {
  RecentAccountWire,
  RecentConversationWire,
} from '../../../../../src/contract/schemas/inbox.ts';
import { conversationName, recentRows } from '../../../../../src/renderer/views/recent/rows.ts';

const conversation = (key: string, lastMessageId: number, lastActivity: number) =>
  ({
    key,
    target: { kind: 'channel', streamId: 1 },
    participants: [],
    lastMessageId,
    lastActivity,
    unread: 0,
    mentions: 0,
    policy: 0,
    muted: false,
  }) satisfies RecentConversationWire;

const recent = (accountId: string, ...conversations: RecentConversationWire[]) =>
  ({ accountId, connection: 'live', stale: false, conversations }) satisfies RecentAccountWire;

const filters = { org: 'all', showMuted: false, mentionsAndDms: false } as const;

describe('Recent rows', () => {
  it('order organizations by their server clocks, newest first', () => {
    const rows = recentRows(
      [account('a'), account('b')],
      new Map([
        ['a', recent('a', conversation('a1', 900, 100))],
        ['b', recent('b', conversation('b1', 2, 200))],
      ]),
      filters,
    );
    expect(rows.map((r) => r.key)).toEqual(['b:b1', 'a:a1']);
  });

  it('within one second, order one account’s conversations by message id', () => {
    // Listed oldest first, as a patch that appended a new conversation could leave them.
    const rows = recentRows(
      [account('a')],
      new Map([['a', recent('a', conversation('dm', 4, 100), conversation('new', 5, 100))]]),
      filters,
    );
    expect(rows.map((r) => r.key)).toEqual(['a:new', 'a:dm']);
  });
});

describe('a conversation’s name', () => {
  const me = account('a');
  const dm = (userIds: number[], participants: string[]): RecentConversationWire => ({
    ...conversation('d', 1, 1),
    target: { kind: 'dm', userIds },
    participants,
  });
  it('names the other people of a direct message, never the reader', () => {
    expect(conversationName(dm([7], ['Bruno Horvat', 'Me']), me)).toBe('Bruno Horvat');
  });
  it('calls a conversation with oneself "yourself"', () => {
    expect(conversationName(dm([1], ['Me']), me)).toBe('yourself');
  });
  it('writes a topic as #channel > topic', () => {
    const topic = { ...conversation('t', 1, 1), channel: 'general', topic: 'deploy' };
    expect(conversationName(topic, me)).toBe('#general > deploy');
  });
});

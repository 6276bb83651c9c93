/**
 * The store's bound: over its budget it lets the least recently viewed narrows go first, across
 * accounts or within the one over its share, with the messages no remaining narrow holds; what
 * is still kept keeps answering without the server.
 */
import { describe, expect, it } from 'vitest';
import type { MessagesPage, NarrowTermWire } from '../../../../../src/contract/schemas/messages.ts';
import { MessageStore } from '../../../../../src/core/messages/store/message-store.ts';
import { compileNarrow } from '../../../../../src/core/messages/store/narrow-match.ts';
import type { WindowAsk } from '../../../../../src/core/messages/store/range.ts';
import { message } from '../../../renderer/messages/message-fixture.ts';

const lookup = { myUserId: 1, subscribedChannel: (o: string | number) => Number(o) };
const topic = (name: string): NarrowTermWire[] => [
  { operator: 'channel', operand: '1' },
  { operator: 'topic', operand: name },
];
const NEWEST: WindowAsk = { anchor: 'newest', includeAnchor: true, numBefore: 100, numAfter: 0 };

/** The whole of a topic's history (ids from `first`, `count` of them) as one server page. */
function page(name: string, first: number, count: number): MessagesPage {
  return {
    messages: Array.from({ length: count }, (_, i) =>
      message(first + i, { subject: name, flags: ['read'] }),
    ),
    foundAnchor: false,
    foundOldest: true,
    foundNewest: true,
    historyLimited: false,
    anchor: null,
  };
}

/** Opens a topic as a view would: answered if kept, else fetched and kept. */
function view(store: MessageStore, account: string, name: string, first: number, count = 10) {
  const kept = store.account(account, 'p');
  const answer = kept.answer(topic(name), NEWEST);
  if (answer) return 'kept';
  kept.remember(topic(name), compileNarrow(topic(name), lookup)!, NEWEST, page(name, first, count));
  store.enforce();
  return 'fetched';
}

describe('the message store within its budget', () => {
  it('lets the least recently viewed narrow go first, with its messages', () => {
    const store = new MessageStore({ total: 30, perAccount: 30, perNarrow: 100 });
    view(store, 'a', 'one', 1);
    view(store, 'a', 'two', 11);
    view(store, 'a', 'three', 21);
    // 'one' is viewed again: 'two' is now the least recent.
    expect(view(store, 'a', 'one', 1)).toBe('kept');
    view(store, 'a', 'four', 31);

    expect(store.messageCount()).toBe(30);
    expect(store.narrows('a').map((n) => n[1]!.operand)).toEqual(['one', 'three', 'four']);
    expect(store.byIds('a', [11])).toBeUndefined();
    expect(view(store, 'a', 'one', 1)).toBe('kept');
    expect(view(store, 'a', 'two', 11)).toBe('fetched');
  });

  it('takes from whichever account viewed least recently when over the total', () => {
    const store = new MessageStore({ total: 30, perAccount: 30, perNarrow: 100 });
    view(store, 'a', 'old', 1);
    view(store, 'b', 'mid', 1);
    view(store, 'a', 'new', 11);
    view(store, 'b', 'newest', 11);

    expect(store.messageCount()).toBe(30);
    expect(store.narrows('a').map((n) => n[1]!.operand)).toEqual(['new']);
    expect(store.narrows('b').map((n) => n[1]!.operand)).toEqual(['mid', 'newest']);
  });

  it('keeps one busy account within its share, leaving the others alone', () => {
    const store = new MessageStore({ total: 100, perAccount: 20, perNarrow: 100 });
    view(store, 'quiet', 'kept', 1);
    for (let i = 0; i < 5; i++) view(store, 'busy', `t${i}`, 100 + i * 10);

    expect(store.narrows('quiet')).toHaveLength(1);
    expect(store.narrows('busy').map((n) => n[1]!.operand)).toEqual(['t3', 't4']);
    expect(store.messageCount()).toBe(30);
  });

  it('keeps the narrow just viewed even when it alone is over the budget', () => {
    const store = new MessageStore({ total: 15, perAccount: 15, perNarrow: 100 });
    view(store, 'a', 'small', 1, 5);
    view(store, 'a', 'large', 100, 40);

    expect(store.narrows('a').map((n) => n[1]!.operand)).toEqual(['large']);
    expect(view(store, 'a', 'large', 100, 40)).toBe('kept');
  });

  it('cuts a narrow scrolled past its budget, keeping the stretch on screen', () => {
    const store = new MessageStore({ total: 1000, perAccount: 1000, perNarrow: 30 });
    const kept = store.account('a', 'p');
    const narrow = topic('long');
    const compiled = compileNarrow(narrow, lookup)!;
    const all = Array.from({ length: 200 }, (_, i) => i + 1);
    // Newest page first, then older pages of ten as the user scrolls up to id 101.
    for (let end = 200; end > 100; end -= 10) {
      const ids = all.filter((id) => id > end - 10 && id <= end);
      const ask: WindowAsk =
        end === 200
          ? { anchor: 'newest', includeAnchor: true, numBefore: 10, numAfter: 0 }
          : { anchor: end + 1, includeAnchor: false, numBefore: 10, numAfter: 0 };
      kept.remember(
        narrow,
        compiled,
        ask,
        {
          messages: ids.map((id) => message(id, { subject: 'long', flags: ['read'] })),
          foundAnchor: false,
          foundOldest: false,
          foundNewest: end === 200,
          historyLimited: false,
          anchor: end === 200 ? null : end + 1,
        },
        store.budget.perNarrow,
      );
      store.enforce();
      expect(store.messageCount()).toBeLessThanOrEqual(30);
    }

    // What the user is reading (101–110) and the pages next to it answer without the server.
    const onScreen = kept.answer(narrow, {
      anchor: 111,
      includeAnchor: false,
      numBefore: 10,
      numAfter: 0,
    });
    expect(onScreen?.messages.map((m) => m.id)).toEqual(all.slice(100, 110));
    expect(store.byIds('a', [101, 120, 130])).toHaveLength(3);
    // The far end scrolled past is let go, messages and all, and is fetched again.
    expect(store.byIds('a', [200])).toBeUndefined();
    expect(kept.answer(narrow, NEWEST)).toBeUndefined();
  });

  it('keeps a narrow growing by incoming messages within its budget', () => {
    const store = new MessageStore({ total: 1000, perAccount: 1000, perNarrow: 20 });
    view(store, 'a', 'busy', 1, 10);
    const ctx = { channelName: (): string | undefined => undefined };
    for (let id = 11; id <= 60; id++) {
      store.apply(
        'a',
        [{ type: 'message', message: message(id, { subject: 'busy' }), flags: [] }],
        ctx,
      );
      expect(store.messageCount()).toBeLessThanOrEqual(20);
    }
    // The newest messages are what a narrow showing its newest end has on screen.
    expect(store.byIds('a', [41, 60])).toHaveLength(2);
    expect(store.byIds('a', [1])).toBeUndefined();
  });
});

/**
 * Kept messages read from the cache on disk wait as text until something asks for the
 * account's messages (docs/architecture.md, "The cache on disk"): a view that opens a narrow
 * is answered from them, and a registration that lets them go never parses them at all.
 */
import { describe, expect, it } from 'vitest';
import type { NarrowTermWire } from '../../../../../src/contract/schemas/messages.ts';
import { MessageStore } from '../../../../../src/core/messages/store/message-store.ts';
import { compileNarrow } from '../../../../../src/core/messages/store/narrow-match.ts';
import type { WindowAsk } from '../../../../../src/core/messages/store/range.ts';
import {
  restoreMessages,
  snapshotMessages,
  type SavedMessages,
} from '../../../../../src/core/messages/store/store-snapshot.ts';
import { message } from '../../../renderer/messages/message-fixture.ts';

const lookup = { myUserId: 1, subscribedChannel: (o: string | number) => Number(o) };
const general: NarrowTermWire[] = [{ operator: 'channel', operand: '1' }];
const NEWEST: WindowAsk = { anchor: 'newest', includeAnchor: true, numBefore: 100, numAfter: 0 };

/** What a cache file holds of one account that had read #general's 20 messages. */
function savedText(): string {
  const store = new MessageStore();
  const kept = store.account('a', 'p');
  kept.remember(general, compileNarrow(general, lookup)!, NEWEST, {
    messages: Array.from({ length: 20 }, (_, i) => message(i + 1, { flags: ['read'] })),
    foundAnchor: false,
    foundOldest: true,
    foundNewest: true,
    historyLimited: false,
    anchor: null,
  });
  return JSON.stringify(snapshotMessages(kept));
}

function saved(text: string): SavedMessages & { loads: number } {
  return {
    text,
    loads: 0,
    load() {
      this.loads++;
      return restoreMessages(JSON.parse(text), lookup);
    },
  };
}

describe('kept messages saved by the cache', () => {
  it('are read only when a view asks, and then answer it without the server', () => {
    const store = new MessageStore();
    const text = savedText();
    const waiting = saved(text);
    store.adoptLater('a', waiting);
    expect(waiting.loads).toBe(0);
    expect(store.messageCount()).toBe(0);
    expect(store.saved('a')?.text).toBe(text);
    const answer = store.account('a', 'p').answer(general, NEWEST);
    expect(answer?.messages.map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(waiting.loads).toBe(1);
    expect(store.saved('a')).toBeUndefined();
  });

  it('are let go unread when the account starts afresh', () => {
    const store = new MessageStore();
    const waiting = saved(savedText());
    store.adoptLater('a', waiting);
    store.drop('a');
    expect(store.existing('a')).toBeUndefined();
    expect(waiting.loads).toBe(0);
  });

  it('that cannot be read back leave the account as without them', () => {
    const store = new MessageStore();
    store.adoptLater('a', saved('{"not":"messages"'));
    expect(store.existing('a')).toBeUndefined();
    expect(store.account('a', 'p').answer(general, NEWEST)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { MessageWire } from '../../../../../src/contract/schemas/messages.ts';
import { AccountStore } from '../../../../../src/core/messages/store/account-store.ts';
import { searchKept, searchWords } from '../../../../../src/core/messages/store/offline-search.ts';

function kept(...messages: [number, string, string][]): AccountStore {
  const store = new AccountStore('{}');
  for (const [id, subject, content] of messages)
    store.messages.set(id, {
      id,
      subject,
      content,
      type: 'stream',
      stream_id: 1,
      flags: [],
    } as unknown as MessageWire);
  return store;
}

const lookup = {
  myUserId: 9,
  subscribedChannel: (o: string | number) => (o === 'general' ? 1 : undefined),
};

describe('searching the saved copy offline', () => {
  it('finds every word or quoted phrase in the text or the topic, and counts what it searched', () => {
    const store = kept(
      [1, 'travel', '<p>The <strong>harbour</strong> tour starts at nine</p>'],
      [2, 'harbour', '<p>Bring a coat</p>'],
      [3, 'travel', '<p>Tour of the old town</p>'],
    );
    const page = searchKept(store, [{ operator: 'search', operand: 'Harbour tour' }], lookup, 50);
    expect(page?.messages.map((m) => m.id)).toEqual([1]);
    expect(page?.offlineSearch).toEqual({ searched: 3 });
    const topic = searchKept(store, [{ operator: 'search', operand: 'coat harbour' }], lookup, 50);
    expect(topic?.messages.map((m) => m.id)).toEqual([2]);
    expect(searchWords('"old town" Tour')).toEqual(['old town', 'tour']);
  });

  it('keeps to the narrow’s other terms, and leaves to the server what only it can decide', () => {
    const store = kept([1, 'travel', '<p>tour</p>'], [2, 'other', '<p>tour</p>']);
    const inTopic = searchKept(
      store,
      [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: 'travel' },
        { operator: 'search', operand: 'tour' },
      ],
      lookup,
      50,
    );
    expect(inTopic?.messages.map((m) => m.id)).toEqual([1]);
    expect(
      searchKept(
        store,
        [
          { operator: 'has', operand: 'link' },
          { operator: 'search', operand: 'tour' },
        ],
        lookup,
        50,
      ),
    ).toBeUndefined();
  });
});

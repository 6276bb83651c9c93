/**
 * Events the store may already hold through a fetched copy (nothing silently lost): a move
 * repeated by the same person within one second is a new move, while a move the fetched copy
 * already shows is not applied twice.
 */
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../../../../src/core/messages/store/account-store.ts';
import { applyToStore } from '../../../../../src/core/messages/store/apply-events.ts';
import type { MessageWire } from '../../../../../src/contract/schemas/messages.ts';
import { message } from '../../../renderer/messages/message-fixture.ts';

const names: Record<number, string> = { 1: 'general', 2: 'development' };
const ctx = { channelName: (id: number) => names[id] };
const AT = 1_700_000_000;

/** One person's move of message 1 from one channel to another, at the same second. */
const move = (userId: number, from: number, to: number) => ({
  type: 'update_message',
  user_id: userId,
  message_id: 1,
  message_ids: [1],
  stream_id: from,
  new_stream_id: to,
  orig_subject: 't',
  propagate_mode: 'change_one',
  edit_timestamp: AT,
  rendering_only: false,
});

function storeWith(m: MessageWire): AccountStore {
  const store = new AccountStore('');
  store.messages.set(m.id, m);
  return store;
}

describe('events the store may already hold', () => {
  it('a move there, back and there again within one second ends there', () => {
    const store = storeWith(message(1));
    applyToStore(store, [move(5, 1, 2)], ctx);
    applyToStore(store, [move(4, 2, 1)], ctx);
    applyToStore(store, [move(5, 1, 2)], ctx);
    const m = store.messages.get(1)!;
    expect(m.stream_id).toBe(2);
    expect(m.display_recipient).toBe('development');
    expect(m.edit_history).toHaveLength(3);
  });

  it('a move a fetched copy already shows is not recorded twice', () => {
    const store = storeWith(message(1));
    applyToStore(store, [move(5, 1, 2)], ctx);
    applyToStore(store, [move(4, 2, 1)], ctx);
    // Fetched after the server applied the third move, before its event came through.
    const history = [
      { user_id: 5, timestamp: AT, prev_stream: 1, stream: 2 },
      ...(store.messages.get(1)!.edit_history ?? []),
    ];
    store.messages.set(1, {
      ...message(1, { stream_id: 2, display_recipient: 'development' }),
      edit_history: history,
      last_moved_timestamp: AT,
    });
    applyToStore(store, [move(5, 1, 2)], ctx);
    const m = store.messages.get(1)!;
    expect(m.stream_id).toBe(2);
    expect(m.edit_history).toHaveLength(3);
  });
});

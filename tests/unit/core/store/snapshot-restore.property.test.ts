/**
 * A store restarted from its snapshot, any number of times at any point, ends where a store
 * that never restarted ends: the same unread counts, Inbox, channels, topic policies and
 * settings (docs/architecture.md, "The cache on disk").
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import type { AccountStore } from '../../../../src/core/store/account-store.ts';
import { recorded, storeUnderTest } from './replay.ts';
import { decodePayload, encodePayload } from '../../../../src/core/cache/cache-payload.ts';

type Op =
  | { kind: 'events'; events: ServerEvent[] }
  | { kind: 'restart' }
  | { kind: 'register'; which: 'first' | 'second' };

/** What a reader sees of an account's models. */
function seen(store: AccountStore, general: number) {
  return {
    badge: store.badgeInput(),
    summary: store.unreadSummary(),
    inbox: store.inbox(),
    channels: store.channelDirectory()?.rows(),
    topics: ['standup', 'noise', 'lunch'].map((t) => store.topicView(general, t)),
    settings: store.state?.settings,
    newest: store.newestMessageId,
  };
}

/** A store registered from the recording, with its first batch of events applied. */
function afterFirstBatch() {
  const r = recorded();
  const first = storeUnderTest();
  first.store.registered(r.first, []);
  first.store.apply(r.batch1);
  return { r, first };
}

let nextEventId = 1000;
/** A flag change on one of the messages the recording knows, or on all of them. */
const flagEvent = fc
  .record({
    op: fc.constantFrom('add', 'remove'),
    flag: fc.constantFrom('read', 'starred', 'read'),
    ids: fc.subarray([1, 2, 3, 4, 5, 6], { minLength: 1 }),
  })
  .map(
    ({ op, flag, ids }) =>
      ({
        id: nextEventId++,
        type: 'update_message_flags',
        op,
        flag,
        messages: ids,
        all: false,
        ...(op === 'remove' && flag === 'read' ? { message_details: {} } : {}),
      }) as unknown as ServerEvent,
  );

/** The recording's events in random chunks, with flag changes and restarts between them. */
function phase(events: ServerEvent[]) {
  return fc
    .array(fc.oneof(fc.constant<'cut'>('cut'), fc.constant<'restart'>('restart'), flagEvent), {
      maxLength: 12,
    })
    .map((extras): Op[] => {
      const ops: Op[] = [];
      let pending: ServerEvent[] = [];
      const flush = () => {
        if (pending.length > 0) ops.push({ kind: 'events', events: pending });
        pending = [];
      };
      // The recording's events keep their order; the extras fall between them.
      const queue = [...events];
      for (const extra of extras) {
        const take = queue.shift();
        if (take) pending.push(take);
        if (extra === 'cut') flush();
        else if (extra === 'restart') {
          flush();
          ops.push({ kind: 'restart' });
        } else pending.push(extra);
      }
      pending.push(...queue);
      flush();
      return ops;
    });
}

describe('an account store restarted from its snapshot', () => {
  it('shows what a store that never restarted shows, after any events and restarts', () => {
    const r = recorded();
    fc.assert(
      fc.property(phase(r.batch1), phase(r.batch2), fc.boolean(), (a, b, restartAfterRegister) => {
        const ops: Op[] = [
          { kind: 'register', which: 'first' },
          ...a,
          { kind: 'register', which: 'second' },
          ...(restartAfterRegister ? [{ kind: 'restart' } as Op] : []),
          ...b,
        ];
        const steady = storeUnderTest().store;
        let restarted = storeUnderTest().store;
        for (const op of ops) {
          if (op.kind === 'register') {
            const data = structuredClone(op.which === 'first' ? r.first : r.second);
            steady.reset();
            steady.registered(structuredClone(data), []);
            restarted.reset();
            restarted.registered(data, []);
          } else if (op.kind === 'events') {
            steady.apply(structuredClone(op.events));
            restarted.apply(structuredClone(op.events));
          } else {
            const snapshot = restarted.snapshot();
            expect(snapshot).toBeDefined();
            // What the cache writes is text: the restart reads it back from the very text
            // the cache file holds, parsed when the store replays it.
            // The Inbox saved beside the models is what the restored store shows until
            // they change.
            const plain = encodePayload({
              accountId: 'a',
              savedAt: 0,
              state: snapshot!,
              messages: undefined,
              notifiedUpTo: 0,
              inbox: restarted.inbox(),
            });
            const fresh = storeUnderTest().store;
            const decoded = decodePayload(plain, 'a');
            fresh.restore(decoded.state, 0, decoded.inbox);
            restarted = fresh;
          }
          expect(seen(restarted, r.general)).toEqual(seen(steady, r.general));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('shows the Inbox saved with the snapshot as it was, and the one its models give', () => {
    const { r, first } = afterFirstBatch();
    const saved = {
      accountId: 'a',
      savedAt: 0,
      state: first.store.snapshot()!,
      messages: undefined,
      notifiedUpTo: 0,
      inbox: first.store.inbox(),
    };
    const decoded = decodePayload(encodePayload(saved), 'a');
    expect(decoded.inbox?.channels.length).toBeGreaterThan(0);
    const shown = storeUnderTest().store;
    shown.restore(decoded.state, 0, decoded.inbox);
    // Not built again: the very rows read from the file.
    expect(shown.inbox()).toBe(decoded.inbox);
    const built = storeUnderTest().store;
    built.restore(decodePayload(encodePayload(saved), 'a').state, 0);
    expect(shown.inbox()).toEqual(built.inbox());
    // An event changes the models: the Inbox is theirs from then on.
    shown.apply(structuredClone(r.batch2));
    built.apply(structuredClone(r.batch2));
    expect(shown.inbox()).not.toBe(decoded.inbox);
    expect(shown.inbox()).toEqual(built.inbox());
  });

  it('builds the Inbox from the models when the file has none, or one of another shape', () => {
    const { first } = afterFirstBatch();
    const state = first.store.snapshot()!;
    const base = { accountId: 'a', savedAt: 0, state, messages: undefined, notifiedUpTo: 0 };
    const without = decodePayload(encodePayload(base), 'a');
    expect(without.inbox).toBeUndefined();
    // A summary written by a Perch whose rows had another shape.
    const text = encodePayload({ ...base, inbox: first.store.inbox() }).toString('utf8');
    const other = Buffer.from(text.replace('"inbox":{"version":1,', '"inbox":{"version":0,'));
    const stale = decodePayload(other, 'a');
    expect(stale.inbox).toBeUndefined();
    for (const decoded of [without, stale]) {
      const restored = storeUnderTest().store;
      restored.restore(decoded.state, 0, decoded.inbox);
      expect(restored.inbox()).toEqual(first.store.inbox());
    }
  });

  it('notifies nothing when restored, and shows the saved time until the server answers', () => {
    const { r, first } = afterFirstBatch();
    const snapshot = first.store.snapshot()!;
    const again = storeUnderTest();
    again.store.restore(snapshot, 1234);
    expect(again.notifier.notified).toEqual([]);
    expect(again.store.cachedAt).toBe(1234);
    expect(again.store.badgeInput()).toEqual(first.store.badgeInput());
    again.store.registered(r.second, []);
    expect(again.store.cachedAt).toBeUndefined();
  });

  it('is not kept for an account no cache keeps, which shows the same models', () => {
    const { r, first } = afterFirstBatch();
    const uncached = storeUnderTest({ snapshots: false });
    uncached.store.registered(r.first, []);
    uncached.store.apply(r.batch1);
    expect(uncached.store.snapshot()).toBeUndefined();
    expect(seen(uncached.store, r.general)).toEqual(seen(first.store, r.general));
    uncached.store.registered(r.second, r.missed);
    uncached.store.apply(r.batch2);
    expect(uncached.store.snapshot()).toBeUndefined();
  });

  it('shows the saved Inbox before the replay, and as without a copy if the replay fails', () => {
    const { first } = afterFirstBatch();
    const decoded = decodePayload(
      encodePayload({
        accountId: 'a',
        savedAt: 1234,
        state: first.store.snapshot()!,
        messages: undefined,
        notifiedUpTo: 0,
        inbox: first.store.inbox(),
      }),
      'a',
    );
    // A registration this Perch cannot read (as one written by a Perch of another shape).
    const register = { ...JSON.parse(decoded.state.register), subscriptions: 7 };
    const state = { ...decoded.state, register: JSON.stringify(register) };
    let unusable = 0;
    const t = storeUnderTest();
    t.store.restore(state, 1234, decoded.inbox, () => unusable++);
    expect(t.store.inbox()).toBe(decoded.inbox);
    expect(t.store.cachedAt).toBe(1234);
    t.store.settle();
    expect(unusable).toBe(1);
    expect(t.store.cachedAt).toBeUndefined();
    expect(t.store.state).toBeUndefined();
    expect(t.store.inbox()).toBeUndefined();
    expect(t.store.snapshot()).toBeUndefined();
    expect(t.notifier.notified).toEqual([]);
  });
});

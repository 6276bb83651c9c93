/**
 * The page's copy of the Inbox and Recent, kept by applying the Core's keyed patches, is always
 * exactly the list the Core has, in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyInboxPatch,
  applyRecentPatch,
  diffInbox,
  inboxRowKey,
  keepFirstInbox,
  inboxRows,
  KeyedBaseline,
} from '../../../src/contract/inbox-patch.ts';
import type {
  InboxAccountWire,
  InboxPatchWire,
  RecentAccountWire,
  RecentConversationWire,
} from '../../../src/contract/schemas/inbox.ts';

const topic = fc.record({
  name: fc.constantFrom('a', 'b', 'c', 'd'),
  unread: fc.nat(5),
  mentions: fc.nat(2),
  policy: fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3),
  muted: fc.boolean(),
  newestId: fc.nat(10_000),
});
const channel = fc.record({
  streamId: fc.integer({ min: 1, max: 5 }),
  name: fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'zeta'),
  color: fc.constantFrom('#fff', '#000'),
  muted: fc.boolean(),
  topics: fc.uniqueArray(topic, { selector: (t) => t.name, maxLength: 4 }),
});
const dm = fc.record({
  userIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
  names: fc.constant<string[]>(['someone']),
  unread: fc.nat(5),
  mentions: fc.nat(2),
  newestId: fc.nat(10_000),
});
/** An Inbox as the Core builds it: channels by name, topics and DMs newest first. */
const inbox: fc.Arbitrary<InboxAccountWire> = fc
  .record({
    channels: fc.uniqueArray(channel, { selector: (c) => c.streamId, maxLength: 4 }),
    dms: fc.uniqueArray(dm, { selector: (d) => d.userIds.join(','), maxLength: 3 }),
    stale: fc.boolean(),
  })
  .map(({ channels, dms, stale }) => ({
    accountId: 'a',
    connection: 'live' as const,
    stale,
    pending: [],
    channels: channels
      .map((c) => ({
        ...c,
        name: `${c.name}${c.streamId}`,
        // Ids are unique, as message ids are: no two rows tie on newest first.
        topics: c.topics
          .map((t, i) => ({ ...t, newestId: t.newestId * 8 + i }))
          .sort((x, y) => y.newestId - x.newestId),
      }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    dms: dms
      .map((d, i) => ({ ...d, newestId: d.newestId * 8 + i }))
      .sort((x, y) => y.newestId - x.newestId),
  }));

function patchOf(baseline: KeyedBaseline, wire: InboxAccountWire): InboxPatchWire {
  const { channels: _c, dms: _d, seq: _s, ...head } = wire;
  const { upsert, remove } = baseline.diff(inboxRows(wire), inboxRowKey);
  return { accountId: wire.accountId, seq: ++baseline.seq, head, upsert, remove };
}

describe('keyed patches', () => {
  it('bring the page’s Inbox to exactly the Core’s, step after step', () => {
    fc.assert(
      fc.property(fc.array(inbox, { minLength: 1, maxLength: 6 }), (states) => {
        const baseline = new KeyedBaseline();
        let page: InboxAccountWire | undefined;
        for (const state of states) {
          page = applyInboxPatch(page, patchOf(baseline, state));
          const { seq: _, ...shown } = page;
          expect(shown).toEqual(state);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('carry only the rows that changed', () => {
    const baseline = new KeyedBaseline();
    const topics = Array.from({ length: 1000 }, (_, i) => ({
      name: `t${i}`,
      unread: 1,
      mentions: 0,
      policy: 0 as const,
      muted: false,
      newestId: 2000 - i,
    }));
    const wire: InboxAccountWire = {
      accountId: 'a',
      connection: 'live',
      stale: false,
      pending: [],
      channels: [{ streamId: 1, name: 'general', color: '#fff', muted: false, topics }],
      dms: [],
    };
    patchOf(baseline, wire);
    const next = {
      ...wire,
      channels: [
        {
          ...wire.channels[0]!,
          topics: [{ ...topics[0]!, unread: 2, newestId: 3000 }, ...topics.slice(1)],
        },
      ],
    };
    const patch = patchOf(baseline, next);
    expect(patch.upsert).toEqual([
      { kind: 'topic', streamId: 1, topic: next.channels[0]!.topics[0] },
    ]);
    expect(patch.remove).toEqual([]);
  });

  it('carry the same changes when the rows first pushed are kept as they are', () => {
    const frozen = new KeyedBaseline();
    const written = new KeyedBaseline();
    const row = (name: string, unread: number) => ({ key: name, unread });
    const first = [row('a', 1), row('b', 1), row('c', 1)];
    const keyOf = (r: { key: string }) => r.key;
    expect(frozen.diff(first, keyOf, { frozen: () => true })).toEqual(written.diff(first, keyOf));
    const second = [row('a', 1), row('b', 2), row('d', 1)];
    const third = [row('a', 3), row('b', 2), row('d', 1)];
    for (const rows of [second, third, third]) {
      const out = frozen.diff(rows, keyOf, { frozen: () => true });
      expect(out).toEqual(written.diff(rows, keyOf));
    }
    expect(frozen.diff(third, keyOf).upsert).toEqual([]);
  });

  it('carry the same changes after a first Inbox kept unsent as after one sent', () => {
    fc.assert(
      fc.property(fc.array(inbox, { minLength: 2, maxLength: 6 }), ([first, ...later]) => {
        const sent = new KeyedBaseline();
        const kept = new KeyedBaseline();
        diffInbox(sent, first!);
        // A start's first `inbox.get` with no view following the patches.
        expect(keepFirstInbox(kept, first!)).toBe(true);
        expect(keepFirstInbox(kept, first!)).toBe(false);
        let seq = 1;
        let page: InboxAccountWire = { ...first!, seq };
        for (const state of later) {
          const patch = diffInbox(kept, state);
          expect(patch).toEqual(diffInbox(sent, state));
          if (patch) page = applyInboxPatch(page, { ...patch, seq: ++seq });
          const { seq: _, ...shown } = page;
          expect(shown).toEqual(state);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keep Recent’s conversations by key', () => {
    const row = (key: string, lastMessageId: number): RecentConversationWire => ({
      key,
      target: { kind: 'channel', streamId: 1 },
      participants: [],
      lastMessageId,
      lastActivity: lastMessageId,
      unread: 0,
      mentions: 0,
      policy: 0,
      muted: false,
    });
    const before: RecentAccountWire = {
      accountId: 'a',
      connection: 'live',
      stale: false,
      conversations: [row('x', 1), row('y', 2)],
    };
    const after = applyRecentPatch(before, {
      accountId: 'a',
      seq: 2,
      head: { accountId: 'a', connection: 'live', stale: false },
      upsert: [row('y', 5), row('z', 6)],
      remove: ['x'],
    });
    // Newest message first, as the Core lists them, whatever order the patch named them in.
    expect(after.conversations).toEqual([row('z', 6), row('y', 5)]);
  });

  it('put a conversation new to Recent above older ones active in the same second', () => {
    const row = (key: string, lastMessageId: number): RecentConversationWire => ({
      key,
      target: { kind: 'channel', streamId: 1 },
      participants: [],
      lastMessageId,
      lastActivity: 1000,
      unread: 0,
      mentions: 0,
      policy: 0,
      muted: false,
    });
    const head = { accountId: 'a', connection: 'live' as const, stale: false };
    const before: RecentAccountWire = { ...head, conversations: [row('dm', 4), row('old', 3)] };
    const after = applyRecentPatch(before, {
      accountId: 'a',
      seq: 2,
      head,
      upsert: [row('new', 5)],
      remove: [],
    });
    expect(after.conversations.map((c) => c.key)).toEqual(['new', 'dm', 'old']);
  });
});

/**
 * The page's copy of the Messages sidebar, kept by applying the Core's keyed patches, is always
 * exactly the sidebar the Core built, in the same order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedBaseline } from '../../../src/contract/inbox-patch.ts';
import {
  applySidebarPatch,
  SIDEBAR_ORDER,
  sidebarHead,
  sidebarRowKey,
  sidebarRows,
} from '../../../src/contract/sidebar-patch.ts';
import type {
  Sidebar,
  SidebarPatchWire,
  SidebarSnapshot,
} from '../../../src/contract/schemas/messages.ts';
import { OPEN_RULES } from '../../../src/lib/message-permissions.ts';

const topic = fc.record({
  name: fc.constantFrom('a', 'b', 'c', 'd'),
  unread: fc.nat(3),
  newestId: fc.integer({ min: 1, max: 6 }),
});
const channel = fc.record({
  streamId: fc.integer({ min: 1, max: 5 }),
  name: fc.constantFrom('alpha', 'beta', 'gamma'),
  color: fc.constantFrom('#fff', '#000'),
  pinned: fc.boolean(),
  muted: fc.boolean(),
  folderId: fc.constantFrom(null, 1),
  unread: fc.nat(9),
  topics: fc.uniqueArray(topic, { selector: (t) => t.name, maxLength: 4 }),
});
const dm = fc.record({
  userIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
  names: fc.constant<string[]>(['someone']),
  unread: fc.nat(2),
  newestId: fc.nat(10),
});
/** A sidebar as the Core builds it: every list in SIDEBAR_ORDER. */
const sidebar: fc.Arbitrary<Sidebar> = fc
  .record({
    channels: fc.uniqueArray(channel, { selector: (c) => c.streamId, maxLength: 4 }),
    conversations: fc.uniqueArray(dm, { selector: (d) => d.userIds.join(','), maxLength: 4 }),
    unread: fc.nat(20),
  })
  .map(({ channels, conversations, unread }) => ({
    folders: [],
    channels: channels
      .map((c) => ({ ...c, topics: [...c.topics].sort(SIDEBAR_ORDER.topic) }))
      .sort(SIDEBAR_ORDER.channel),
    conversations: [...conversations].sort(SIDEBAR_ORDER.dm),
    counts: { unread, mentions: 0, followed: 0, dms: 0 },
    emptyTopicName: 'general chat',
    maxMessageLength: 10_000,
    editRules: OPEN_RULES,
  }));

function patchOf(baseline: KeyedBaseline, s: Sidebar): SidebarPatchWire {
  const { upsert, remove } = baseline.diff(sidebarRows(s), sidebarRowKey);
  return { accountId: 'a', seq: ++baseline.seq, head: sidebarHead(s), upsert, remove };
}

describe('sidebar patches', () => {
  it('bring the page’s sidebar to exactly the Core’s, step after step', () => {
    fc.assert(
      fc.property(fc.array(sidebar, { minLength: 1, maxLength: 6 }), (states) => {
        const baseline = new KeyedBaseline();
        let page: SidebarSnapshot | undefined;
        for (const state of states) {
          page = applySidebarPatch(page, patchOf(baseline, state));
          const { seq: _s, accountId: _a, ...shown } = page;
          expect(shown).toEqual(state);
        }
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { account } from '../account-fixture.ts';
import type { InboxAccountWire } from '../../../../../src/contract/schemas/inbox.ts';
import { applyInboxPatch } from '../../../../../src/contract/inbox-patch.ts';
import {
  InboxRowCache,
  inboxRows,
  offsetsOf,
  sharedNames,
  visibleRange,
} from '../../../../../src/renderer/views/inbox/rows.ts';

const inbox = (accountId: string, stale = false): InboxAccountWire => ({
  accountId,
  connection: stale ? 'unreachable' : 'live',
  stale,
  channels: [
    {
      streamId: 1,
      name: 'design',
      color: '#abc',
      muted: false,
      topics: [
        { name: 'logo', unread: 3, mentions: 1, policy: 3, muted: false, newestId: 9 },
        { name: 'noise', unread: 5, mentions: 0, policy: 1, muted: true, newestId: 8 },
      ],
    },
  ],
  dms: [{ userIds: [2], names: ['Ada'], unread: 2, mentions: 0, newestId: 7 }],
  pending: [],
});

const accounts = [account('a', 'Acme'), account('b', 'Acme'), account('c', 'Other')];
const inboxes = new Map([
  ['a', inbox('a')],
  ['b', inbox('b', true)],
  ['c', { ...inbox('c'), channels: [], dms: [] }],
]);
const kinds = (rows: ReturnType<typeof inboxRows>) => rows.map((r) => r.kind);
/** What a row shows: a kept topic row may hold an older copy of its channel, the same to see. */
const shown = (row: ReturnType<typeof inboxRows>[number]) => {
  if (!('channel' in row)) return row;
  const { streamId, name, color, muted } = row.channel;
  return { ...row, channel: { streamId, name, color, muted } };
};
const all = { org: 'all', mentionsAndDms: false, showMuted: false };

describe('the Inbox rows', () => {
  it('after a patch to one topic, are the same rows but for that topic, its channel and its organization', () => {
    const cache = new InboxRowCache();
    const before = inboxRows(accounts, inboxes, all, cache);
    const a = inboxes.get('a')!;
    const { channels: _c, dms: _d, seq: _s, ...head } = a;
    const logo = { ...a.channels[0]!.topics[0]!, unread: 4, newestId: 10 };
    const next = new Map(inboxes).set(
      'a',
      applyInboxPatch(a, {
        accountId: 'a',
        seq: 1,
        head,
        upsert: [{ kind: 'topic', streamId: 1, topic: logo }],
        remove: [],
      }),
    );
    const after = inboxRows(accounts, next, all, cache);
    expect(after.map((r) => r.key)).toEqual(before.map((r) => r.key));
    const renewed = after.filter((r, i) => r !== before[i]).map((r) => r.key);
    expect(renewed).toEqual(['o:a', 'c:a:1', 'c:a:1:logo']);
    // The new rows say what changed.
    expect(after[0]).toMatchObject({ kind: 'org', unread: 6 });
    // Other filters make every row anew.
    const shown = inboxRows(accounts, next, { ...all, showMuted: true }, cache);
    expect(shown.some((r, i) => r === after[i])).toBe(false);
  });

  it('after patches to a long channel, are the rows made from nothing, its untouched topics the same rows', () => {
    const topic = (n: number, newestId = 1000 - n, muted = false) => ({
      name: `topic ${n}`,
      unread: 1,
      mentions: n % 7 === 0 ? 1 : 0,
      policy: 0 as const,
      muted,
      newestId,
    });
    const a = inboxes.get('a')!;
    const { channels: _c, dms: _d, seq: _s, ...head } = a;
    const start = {
      ...a,
      channels: [
        {
          ...a.channels[0]!,
          topics: Array.from({ length: 60 }, (_, n) => topic(n, 1000 - n, n % 10 === 3)),
        },
      ],
    };
    // A new topic, a topic moved up by a new message, two neighbours read, a muted one
    // unmuted, each a patch as the Core sends it.
    const patches = [
      { upsert: [{ kind: 'topic' as const, streamId: 1, topic: topic(100, 2000) }], remove: [] },
      { upsert: [{ kind: 'topic' as const, streamId: 1, topic: topic(30, 2001) }], remove: [] },
      { upsert: [], remove: ['t:1:topic 40', 't:1:topic 41'] },
      { upsert: [{ kind: 'topic' as const, streamId: 1, topic: topic(13, 987) }], remove: [] },
      { upsert: [], remove: ['t:1:topic 0'] },
    ];
    for (const filters of [all, { ...all, showMuted: true }, { ...all, mentionsAndDms: true }]) {
      const cache = new InboxRowCache();
      let inbox: InboxAccountWire = start;
      let before = inboxRows(accounts, new Map(inboxes).set('a', inbox), filters, cache);
      for (const [seq, patch] of patches.entries()) {
        inbox = applyInboxPatch(inbox, { accountId: 'a', seq: seq + 1, head, ...patch });
        const next = new Map(inboxes).set('a', inbox);
        const after = inboxRows(accounts, next, filters, cache);
        expect(after.map(shown)).toEqual(inboxRows(accounts, next, filters).map(shown));
        // A topic row the patch left alone is the row drawn before.
        const was = new Map(before.map((r) => [r.key, r]));
        const changed = new Set(patch.upsert.map((r) => `c:a:1:${r.topic.name}`));
        for (const r of after) {
          if (r.kind === 'topic' && was.has(r.key) && !changed.has(r.key)) {
            expect(r).toBe(was.get(r.key));
          }
        }
        before = after;
      }
    }
  });

  it('lists each organization with its DMs first, then channels and topics, muted ones left out', () => {
    const rows = inboxRows(accounts, inboxes, all);
    expect(kinds(rows).slice(0, 6)).toEqual(['org', 'dms', 'dm', 'channel', 'topic', 'org']);
    const header = rows[0] as Extract<(typeof rows)[number], { kind: 'org' }>;
    // Muted "noise" counts nowhere while hidden.
    expect([header.unread, header.mentions]).toEqual([5, 1]);
    // An organization with nothing unread still shows, saying so.
    expect(kinds(rows).slice(-2)).toEqual(['org', 'empty']);
  });

  it('shows muted topics when asked, and filters to one organization', () => {
    const rows = inboxRows(accounts, inboxes, { ...all, org: 'a', showMuted: true });
    expect(rows.filter((r) => r.kind === 'org')).toHaveLength(1);
    expect(rows.filter((r) => r.kind === 'topic')).toHaveLength(2);
  });

  it('keeps only mentioned topics and DMs with "only mentions and DMs"', () => {
    const rows = inboxRows(accounts, inboxes, {
      ...all,
      org: 'a',
      mentionsAndDms: true,
      showMuted: true,
    });
    expect(rows.flatMap((r) => (r.kind === 'topic' ? [r.topic.name] : []))).toEqual(['logo']);
    expect(rows.some((r) => r.kind === 'dm')).toBe(true);
  });

  it('names the organizations that share a name, to show their URL', () => {
    expect([...sharedNames(accounts)]).toEqual(['Acme']);
  });

  it('draws only the rows near the viewport', () => {
    const offsets = offsetsOf(Array.from({ length: 2000 }), () => 34);
    const range = visibleRange(offsets, 34 * 1000, 680, 68);
    expect(range).toEqual({ start: 998, end: 1023 });
  });
});

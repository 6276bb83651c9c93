import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageWire } from '../../../../src/contract/schemas/messages.ts';
import { message } from './message-fixture.ts';
import {
  buildRows,
  COLLAPSE_SECONDS,
  RowBuilder,
  type DisplayRow,
} from '../../../../src/renderer/views/messages/list-rows.ts';

const ME = 10;
const ada = { id: 1, email: 'ada@x', full_name: 'Ada', is_mirror_dummy: false };
const me = { id: ME, email: 'me@x', full_name: 'Me', is_mirror_dummy: false };

/** 2026-11-24 12:00 UTC. */
const NOON = Date.UTC(2026, 10, 24, 12) / 1000;

function channel(id: number, at: number, extra: Partial<MessageWire> = {}): MessageWire {
  return message(id, {
    sender_email: 'ada@x',
    sender_full_name: 'Ada',
    stream_id: 5,
    subject: 'deploy',
    timestamp: at,
    ...extra,
  });
}

function dm(id: number, at: number, recipients = [ada, me]): MessageWire {
  return channel(id, at, {
    type: 'private',
    display_recipient: recipients,
    stream_id: undefined,
    subject: '',
  });
}

const rows = (list: MessageWire[], timeZone = 'UTC') =>
  buildRows(list, { myUserId: ME, timeZone, locale: 'en-US' });

describe('message list rows', () => {
  it('puts one recipient bar over a run of one conversation and a new one where it changes', () => {
    const r = rows([
      channel(1, NOON),
      channel(2, NOON + 600),
      channel(3, NOON + 700, { subject: 'lunch' }),
      // Topics are case-insensitive, as the server matches them.
      channel(4, NOON + 800, { subject: 'LUNCH' }),
      dm(5, NOON + 900),
      dm(6, NOON + 1000, [me, ada]),
    ]);
    expect(r.map((x) => x.bar !== undefined)).toEqual([true, false, true, false, true, false]);
    expect(r[0]!.bar).toEqual({ kind: 'stream', streamId: 5, channel: 'general', topic: 'deploy' });
    expect(r[4]!.bar).toEqual({ kind: 'dm', userIds: [1], names: ['Ada'] });
  });

  it('names nobody in the bar of notes to self', () => {
    expect(rows([dm(1, NOON, [me])])[0]!.bar).toEqual({ kind: 'dm', userIds: [], names: [] });
  });

  it('separates days at midnight in the reader’s time zone, and opens a bar after each', () => {
    // 23:30 and 00:30 UTC the next day; in New York both are the same evening.
    const late = Date.UTC(2026, 10, 24, 23, 30) / 1000;
    const list = [channel(1, late), channel(2, late + 3600)];
    const utc = rows(list, 'UTC');
    expect(utc.map((x) => x.day)).toEqual([
      'Tuesday, November 24, 2026',
      'Wednesday, November 25, 2026',
    ]);
    expect(utc[1]!.bar).toBeDefined();
    expect(utc[1]!.collapsed).toBe(false);
    const ny = rows(list, 'America/New_York');
    expect(ny.map((x) => x.day)).toEqual(['Tuesday, November 24, 2026', undefined]);
    expect(ny[1]!.bar).toBeUndefined();
    // And the other way round: one UTC day that is two days in Tokyo.
    const morning = Date.UTC(2026, 10, 24, 14, 50) / 1000;
    const tokyo = rows([channel(1, morning), channel(2, morning + 1200)], 'Asia/Tokyo');
    expect(tokyo.map((x) => x.day !== undefined)).toEqual([true, true]);
  });

  it('collapses the same sender going on in the same conversation within a few minutes', () => {
    const r = rows([
      channel(1, NOON),
      channel(2, NOON + 60),
      channel(3, NOON + 60 + COLLAPSE_SECONDS),
      channel(4, NOON + 60 + 2 * COLLAPSE_SECONDS + 1),
      channel(5, NOON + 60 + 2 * COLLAPSE_SECONDS + 2, { sender_id: 2, sender_full_name: 'Bo' }),
      channel(6, NOON + 60 + 2 * COLLAPSE_SECONDS + 3, { subject: 'other', sender_id: 2 }),
      channel(7, NOON + 60 + 2 * COLLAPSE_SECONDS + 4, {
        sender_id: 2,
        is_me_message: true,
        subject: 'other',
      }),
    ]);
    expect(r.map((x) => x.collapsed)).toEqual([false, true, true, false, false, false, false]);
  });

  it('is empty for no messages', () => {
    expect(rows([])).toEqual([]);
  });
});

/** One change to the loaded list, as live events and scrolling make them. */
type Change =
  | { kind: 'replace'; at: number; with: Edit }
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'insert'; at: number; count: number; gap: number };

const bo = { id: 2, email: 'bo@x', full_name: 'Bo', is_mirror_dummy: false };
type Recipient = typeof ada;
type Edit = Partial<
  Pick<
    MessageWire,
    'subject' | 'stream_id' | 'sender_id' | 'is_me_message' | 'flags' | 'content' | 'timestamp'
  >
> & { dm?: Recipient[] };

/** Fields a change may set: conversations, senders, flags, content and times that differ. */
const edit: fc.Arbitrary<Edit> = fc.record(
  {
    subject: fc.constantFrom('deploy', 'DEPLOY', 'lunch'),
    stream_id: fc.constantFrom(5, 6),
    sender_id: fc.constantFrom(1, 2),
    is_me_message: fc.boolean(),
    flags: fc.constantFrom<string[]>([], ['read'], ['read', 'starred']),
    content: fc.constantFrom('<p>a</p>', '<p>b</p>'),
    timestamp: fc.integer({ min: NOON - 86_400, max: NOON + 86_400 }),
    dm: fc.constantFrom<Recipient[]>([ada, me], [me, ada], [me], [ada, bo, me]),
  },
  { requiredKeys: [] },
);

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), with: edit }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 4 }),
    gap: fc.constantFrom(30, 200, 400, 40_000),
  }),
);

function applyChange(list: MessageWire[], c: Change, nextId: () => number): MessageWire[] {
  const out = [...list];
  if (c.kind === 'replace' && list.length > 0) {
    const at = c.at % list.length;
    const { dm: recipients, ...fields } = c.with;
    const old = list[at]!;
    out[at] = recipients
      ? dm(old.id, fields.timestamp ?? old.timestamp, recipients)
      : { ...old, ...fields };
  } else if (c.kind === 'delete' && list.length > 0) {
    out.splice(c.at % list.length, c.count);
  } else if (c.kind === 'insert') {
    const at = c.at % (list.length + 1);
    const from = list[at - 1]?.timestamp ?? NOON;
    const added = Array.from({ length: c.count }, (_, k) =>
      channel(nextId(), from + (k + 1) * c.gap, { sender_id: 1 + (k % 2) }),
    );
    out.splice(at, 0, ...added);
  }
  return out;
}

describe('message list rows built again after each change', () => {
  it('equal the rows built from scratch, and keep the row object of every row that did not change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.array(change, { maxLength: 25 }),
        fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata'),
        (initial, changes, timeZone) => {
          let id = 0;
          const nextId = () => ++id;
          let list = applyChange([], { kind: 'insert', at: 0, count: initial, gap: 250 }, nextId);
          const options = { myUserId: ME, timeZone, locale: 'en-US' };
          const builder = new RowBuilder(options);
          let before: DisplayRow[] = builder.build(list);
          for (const c of changes) {
            list = applyChange(list, c, nextId);
            const rows = builder.build(list);
            expect(rows).toEqual(buildRows(list, options));
            const old = new Map(before.map((r) => [r.message.id, r]));
            for (const row of rows) {
              const was = old.get(row.message.id);
              // A keyed list redraws a row exactly when its object is new.
              const same =
                was !== undefined &&
                was.message === row.message &&
                was.collapsed === row.collapsed &&
                was.day === row.day &&
                JSON.stringify(was.bar) === JSON.stringify(row.bar);
              expect(row === was).toBe(same);
            }
            before = rows;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('redraws only the edited message when one of 5 000 changes', () => {
    const list = Array.from({ length: 5000 }, (_, i) => channel(i + 1, NOON + i * 30));
    const builder = new RowBuilder({ myUserId: ME, timeZone: 'UTC', locale: 'en-US' });
    const first = builder.build(list);
    const edited = [...list];
    edited[2500] = { ...list[2500]!, content: '<p>edited</p>' };
    const rows = builder.build(edited);
    expect(rows.filter((r, i) => r !== first[i]).map((r) => r.message.id)).toEqual([2501]);
  });
});

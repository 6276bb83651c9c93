import { describe, expect, it } from 'vitest';
import type { MessageWire } from '../../../../src/core/rpc/schemas/messages.ts';
import { message } from './message-fixture.ts';
import { buildRows, COLLAPSE_SECONDS } from '../../../../src/renderer/views/messages/list-rows.ts';

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

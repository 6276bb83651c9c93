import { describe, expect, it } from 'vitest';
import { FLAG_BITS } from '../../../src/server/messages/flags.ts';
import { Params } from '../../../src/server/http/params.ts';
import { parseAnchorDate, queryMessages } from '../../../src/server/messages/query.ts';
import {
  fetchWindow,
  LARGER_THAN_MAX_MESSAGE_ID,
  type Anchor,
} from '../../../src/server/messages/window.ts';
import { messagingFixture } from './messaging-fixture.ts';

/** Ten channel messages to the member, one a day, then the first four read. */
function setup() {
  const f = messagingFixture();
  const day0 = Math.floor(Date.UTC(2025, 0, 1) / 1000);
  const ids: number[] = [];
  for (let i = 0; i < 10; i++) {
    const topic = i % 2 === 0 ? 'even' : 'odd';
    ids.push(
      f.m.send({
        sender: f.owner,
        streamId: f.general.stream_id,
        topic,
        content: `m${i}`,
        timestamp: day0 + i * 86400,
      }).id,
    );
  }
  const history = f.m.store.history(f.member.user_id);
  for (const id of ids.slice(0, 4)) history.update(id, FLAG_BITS.read, true);
  const window = (
    anchor: Anchor,
    numBefore: number,
    numAfter: number,
    includeAnchor = true,
    onlyOdd = false,
  ) =>
    fetchWindow(history, f.m.store, (m) => !onlyOdd || m.topic === 'odd', {
      anchor,
      includeAnchor,
      numBefore,
      numAfter,
    });
  return { ids, day0, window };
}

const idsOf = (r: { hits: { message: { id: number } }[] }) => r.hits.map((h) => h.message.id);

describe('anchors and windows', () => {
  it('takes num_before and num_after around a message id, with the anchor itself', () => {
    const { ids, window } = setup();
    const r = window(ids[5] as number, 2, 2);
    expect(idsOf(r)).toEqual(ids.slice(3, 8));
    expect(r).toMatchObject({
      anchor: ids[5],
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
    });
  });

  it('leaves the anchor out with include_anchor false', () => {
    const { ids, window } = setup();
    const r = window(ids[5] as number, 1, 1, false);
    expect(idsOf(r)).toEqual([ids[4], ids[6]]);
    expect(r.found_anchor).toBe(false);
  });

  it('reports found_oldest and found_newest when a window reaches the ends', () => {
    const { ids, window } = setup();
    const r = window('newest', 100, 0);
    expect(idsOf(r)).toEqual(ids);
    expect(r).toMatchObject({
      anchor: LARGER_THAN_MAX_MESSAGE_ID,
      found_oldest: true,
      found_newest: true,
      found_anchor: false,
    });
    const o = window('oldest', 0, 3);
    expect(idsOf(o)).toEqual(ids.slice(0, 3));
    expect(o).toMatchObject({ found_oldest: true, found_newest: false });
  });

  it('anchors first_unread at the oldest unread match, or at the newest when all are read', () => {
    const { ids, window } = setup();
    const r = window('first_unread', 1, 1);
    expect(r.anchor).toBe(ids[4]);
    expect(idsOf(r)).toEqual(ids.slice(3, 6));
    const odd = window('first_unread', 0, 0, true, true);
    expect(odd.anchor).toBe(ids[5]);
  });

  it('anchors date at the first message on or after the date', () => {
    const { ids, day0, window } = setup();
    const r = window({ date: day0 + 3 * 86400 - 1 }, 0, 1);
    expect(r.anchor).toBe(ids[3]);
    expect(idsOf(r)).toEqual([ids[3], ids[4]]);
    expect(window({ date: day0 + 100 * 86400 }, 1, 0).anchor).toBe(LARGER_THAN_MAX_MESSAGE_ID);
  });

  it('applies the narrow on both sides and marks a non-matching anchor as not found', () => {
    const { ids, window } = setup();
    const r = window(ids[4] as number, 1, 1, true, true);
    expect(idsOf(r)).toEqual([ids[3], ids[5]]);
    expect(r.found_anchor).toBe(false);
  });

  it('parses anchor_date as UTC unless a zone is given', () => {
    expect(parseAnchorDate('2025-01-02')).toBe(Date.UTC(2025, 0, 2) / 1000);
    expect(parseAnchorDate('2025-01-02T10:30')).toBe(Date.UTC(2025, 0, 2, 10, 30) / 1000);
    expect(parseAnchorDate('2025-01-02T10:30:00+02:00')).toBe(Date.UTC(2025, 0, 2, 8, 30) / 1000);
    expect(() => parseAnchorDate('yesterday')).toThrow(/anchor_date/);
  });
});

describe('request size limit', () => {
  it('refuses more than 5000 message ids, which only fit in a long query string', () => {
    const f = messagingFixture();
    const ids = JSON.stringify(Array.from({ length: 5001 }, (_, i) => i + 1));
    const params = new Params(new Map([['message_ids', ids]]));
    expect(() => queryMessages(f.ctx, f.m, f.member, params)).toThrow(/Too many messages/);
  });
});

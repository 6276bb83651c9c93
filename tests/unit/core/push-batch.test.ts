/**
 * A turn's pushes handed over together (src/core/push-batch.ts): what each host sends a
 * window as one message, so the page runs one task and redraws once per incoming message.
 */
import { describe, expect, it } from 'vitest';
import { PushBus } from '../../../src/core/push-bus.ts';
import {
  PUSH_GATHER_MS,
  subscribeTurns,
  TurnBatch,
  withoutSuperseded,
  type Push,
} from '../../../src/core/push-batch.ts';
import { ManualClock } from '../../../src/lib/clock.ts';

const turn = () => new Promise((done) => setImmediate(done));

describe('pushes batched per turn', () => {
  it("delivers one turn's pushes once, in order, and the next turn's apart", async () => {
    const bus = new PushBus();
    const delivered: Push[][] = [];
    subscribeTurns(
      (l, i) => bus.subscribe(l, i),
      (pushes) => delivered.push(pushes),
    );
    bus.publish('badge.changed', { count: 1, icon: 'unread' as const });
    bus.publish('dnd.changed', { active: false, until: null });
    bus.publish('badge.changed', { count: 2, icon: 'unread' as const });
    expect(delivered).toEqual([]);
    await turn();
    // The turn's first badge is superseded by its last: the page shows the newest count.
    expect(delivered).toEqual([
      [
        ['dnd.changed', { active: false, until: null }],
        ['badge.changed', { count: 2, icon: 'unread' }],
      ],
    ]);
    bus.publish('badge.changed', { count: 0, icon: 'none' as const });
    await turn();
    expect(delivered).toHaveLength(2);
    expect(delivered[1]).toEqual([['badge.changed', { count: 0, icon: 'none' as const }]]);
  });

  it('takes only the topics of its interest, and nothing once unsubscribed', async () => {
    const bus = new PushBus();
    const delivered: Push[][] = [];
    const stop = subscribeTurns(
      (l, i) => bus.subscribe(l, i),
      (pushes) => delivered.push(pushes),
      (topic) => topic === 'dnd.changed',
    );
    bus.publish('badge.changed', { count: 1, icon: 'unread' as const });
    await turn();
    expect(delivered).toEqual([]);
    bus.publish('dnd.changed', { active: false, until: null });
    await turn();
    expect(delivered).toEqual([[['dnd.changed', { active: false, until: null }]]]);
    stop();
    bus.publish('dnd.changed', { active: false, until: null });
    await turn();
    expect(delivered).toHaveLength(1);
  });

  it('never delivers an empty batch', async () => {
    const delivered: number[][] = [];
    const batch = new TurnBatch<number>((items) => delivered.push(items));
    batch.flush();
    batch.add(1);
    batch.flush();
    await turn();
    expect(delivered).toEqual([[1]]);
  });
});

/** A bus followed as a host follows it: pushes gathered for a frame, on a clock of the test's. */
function gathering() {
  const clock = new ManualClock();
  const bus = new PushBus();
  const delivered: Push[][] = [];
  const stop = subscribeTurns(
    (l, i) => bus.subscribe(l, i),
    (pushes) => delivered.push(pushes),
    undefined,
    { gatherMs: PUSH_GATHER_MS, clock },
  );
  return { clock, bus, delivered, stop };
}

/**
 * One message read by several signed-in accounts comes back in each account's answer, turns
 * apart: the pushes of those turns reach the page as one message, not one per account.
 */
describe('pushes gathered for a frame', () => {
  it('waits a frame for the next turns, then delivers them once, in order', async () => {
    const { clock, bus, delivered } = gathering();
    bus.publish('dnd.changed', { active: true, until: null });
    await turn();
    bus.publish('messages.stale', { accountId: 'a' });
    await turn();
    expect(delivered).toEqual([]);
    await clock.advance(PUSH_GATHER_MS);
    expect(delivered.map((batch) => batch.map(([topic]) => topic))).toEqual([
      ['dnd.changed', 'messages.stale'],
    ]);
    await clock.advance(PUSH_GATHER_MS * 10);
    expect(delivered).toHaveLength(1);
  });

  it('shows the newest badge only, where one delivery holds several', async () => {
    const { clock, bus, delivered } = gathering();
    for (const count of [1, 2, 3]) {
      bus.publish('badge.changed', { count, icon: 'unread' as const });
      if (count === 2) bus.publish('dnd.changed', { active: false, until: null });
      await turn();
    }
    await clock.advance(PUSH_GATHER_MS);
    expect(delivered).toEqual([
      [
        ['dnd.changed', { active: false, until: null }],
        ['badge.changed', { count: 3, icon: 'unread' }],
      ],
    ]);
  });

  it('sends an answer at the end of its turn, with the pushes that waited before it', async () => {
    const clock = new ManualClock();
    const delivered: string[][] = [];
    const batch = new TurnBatch<string>((items) => delivered.push(items), {
      gatherMs: PUSH_GATHER_MS,
      clock,
    });
    batch.addLater('push 1');
    await turn();
    batch.add('answer');
    await turn();
    expect(delivered).toEqual([['push 1', 'answer']]);
    // The gathering's timer went with the delivery: nothing is sent twice or empty.
    await clock.advance(PUSH_GATHER_MS);
    expect(delivered).toHaveLength(1);
  });

  it("sends an upload's progress at the end of its turn, each step apart", async () => {
    const UPLOAD = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const { bus, delivered } = gathering();
    bus.publish('uploads.progress', { uploadId: UPLOAD, sent: 1, total: 4 });
    await turn();
    bus.publish('uploads.progress', { uploadId: UPLOAD, sent: 2, total: 4 });
    await turn();
    expect(delivered.map((batch) => batch.map(([, p]) => (p as { sent: number }).sent))).toEqual([
      [1],
      [2],
    ]);
  });

  it('delivers nothing once unsubscribed, not even what was waiting', async () => {
    const { clock, bus, delivered, stop } = gathering();
    bus.publish('dnd.changed', { active: true, until: null });
    stop();
    await clock.advance(PUSH_GATHER_MS);
    expect(delivered).toEqual([]);
  });

  it('leaves a delivery with no superseded push as it is', () => {
    const items = ['a', 'b'];
    expect(withoutSuperseded(items, () => undefined)).toBe(items);
  });
});

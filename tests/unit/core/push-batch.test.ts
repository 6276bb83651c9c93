/**
 * A turn's pushes handed over together (src/core/push-batch.ts): what each host sends a
 * window as one message, so the page runs one task and redraws once per incoming message.
 */
import { describe, expect, it } from 'vitest';
import { PushBus } from '../../../src/core/push-bus.ts';
import { subscribeTurns, TurnBatch, type Push } from '../../../src/core/push-batch.ts';

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
    expect(delivered.map((batch) => batch.map(([topic]) => topic))).toEqual([
      ['badge.changed', 'dnd.changed', 'badge.changed'],
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

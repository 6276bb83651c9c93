/**
 * The compact unread index against a plain Map/Set oracle: through any sequence of adds, reads,
 * edits, moves, mutes and "mark all as read", it answers every question (membership, the
 * message kept, the four sets, their counts) as the oracle does. Sequences are long enough to
 * go through the table's side buffer and tombstone sweeps.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdTable } from '../../../../src/core/model/id-table.ts';
import {
  UnreadIndex,
  type UnreadMessage,
  type UnreadSetName,
} from '../../../../src/core/model/unreads.ts';
import type { TopicPolicy } from '../../../../src/core/model/state-types.ts';

const STREAMS = [1, 2, 3];
const TOPICS = ['a', 'A', 'b'];

class World {
  unsubscribed = new Set<number>();
  muted = new Set<number>();
  policies = new Map<string, TopicPolicy>();
  policy(streamId: number, topic: string): TopicPolicy {
    return this.policies.get(`${streamId}:${topic.toLowerCase()}`) ?? 0;
  }
}

function setsOf(world: World, all: Map<number, UnreadMessage>): Record<UnreadSetName, number[]> {
  const out: Record<UnreadSetName, number[]> = {
    dms: [],
    channelUnread: [],
    mentions: [],
    followed: [],
  };
  for (const [id, m] of [...all].sort((a, b) => a[0] - b[0])) {
    if (m.type === 'private') {
      out.dms.push(id);
      if (m.mentioned) out.mentions.push(id);
      continue;
    }
    if (world.unsubscribed.has(m.stream_id!)) continue;
    const p = world.policy(m.stream_id!, m.topic!);
    const visible = p === 3 || p === 2 || (p === 0 && !world.muted.has(m.stream_id!));
    if (visible) out.channelUnread.push(id);
    if (m.mentioned || (m.wildcard && visible)) out.mentions.push(id);
    if (p === 3) out.followed.push(id);
  }
  return out;
}

const id = fc.integer({ min: 1, max: 3000 });
const unread: fc.Arbitrary<UnreadMessage> = fc.oneof(
  fc.record({
    type: fc.constant('stream' as const),
    stream_id: fc.constantFrom(...STREAMS),
    topic: fc.constantFrom(...TOPICS),
    mentioned: fc.boolean(),
    wildcard: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('private' as const),
    mentioned: fc.boolean(),
    wildcard: fc.boolean(),
  }),
);
const op = fc.oneof(
  { weight: 160, arbitrary: fc.record({ kind: fc.constant('set' as const), id, m: unread }) },
  { weight: 60, arbitrary: fc.record({ kind: fc.constant('newest' as const), m: unread }) },
  { weight: 100, arbitrary: fc.record({ kind: fc.constant('delete' as const), id }) },
  {
    weight: 40,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      id,
      stream_id: fc.constantFrom(...STREAMS),
      topic: fc.constantFrom(...TOPICS),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('mute' as const),
      stream: fc.constantFrom(...STREAMS),
      on: fc.boolean(),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('subscribe' as const),
      stream: fc.constantFrom(...STREAMS),
      on: fc.boolean(),
    }),
  },
  {
    weight: 20,
    arbitrary: fc.record({
      kind: fc.constant('policy' as const),
      stream: fc.constantFrom(...STREAMS),
      topic: fc.constantFrom(...TOPICS),
      policy: fc.constantFrom<TopicPolicy>(0, 1, 2, 3),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

describe('the compact unread index', () => {
  it('agrees with a Set-based oracle through random operations', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 1500 }), (ops) => {
        const world = new World();
        const index = new UnreadIndex({
          channelCounted: (s) => !world.unsubscribed.has(s),
          channelMuted: (s) => world.muted.has(s),
          topicPolicy: (s, t) => world.policy(s, t),
        });
        const oracle = new Map<number, UnreadMessage>();
        let newest = 3000;
        for (const o of ops) {
          switch (o.kind) {
            case 'set':
              index.set(o.id, o.m);
              oracle.set(o.id, o.m);
              break;
            case 'newest':
              index.set(++newest, o.m);
              oracle.set(newest, o.m);
              break;
            case 'delete':
              index.delete(o.id);
              oracle.delete(o.id);
              break;
            case 'move': {
              index.update(o.id, { stream_id: o.stream_id, topic: o.topic });
              const m = oracle.get(o.id);
              if (m) oracle.set(o.id, { ...m, stream_id: o.stream_id, topic: o.topic });
              break;
            }
            case 'mute':
              if (o.on) world.muted.add(o.stream);
              else world.muted.delete(o.stream);
              index.recomputeChannel(o.stream);
              break;
            case 'subscribe':
              if (o.on) world.unsubscribed.delete(o.stream);
              else world.unsubscribed.add(o.stream);
              index.recomputeChannel(o.stream);
              break;
            case 'policy':
              world.policies.set(`${o.stream}:${o.topic.toLowerCase()}`, o.policy);
              index.recomputeTopic(o.stream, o.topic);
              break;
            case 'clear':
              index.clear();
              oracle.clear();
              break;
          }
        }
        const sets = setsOf(world, oracle);
        expect(index.size).toBe(oracle.size);
        for (const name of Object.keys(sets) as UnreadSetName[])
          expect(index.ids(name)).toEqual(sets[name]);
        const counts = index.counts();
        expect(counts.dms).toBe(sets.dms.length);
        expect(counts.channelUnread).toBe(sets.channelUnread.length);
        expect(counts.mentions).toBe(sets.mentions.length);
        expect(counts.followed).toBe(sets.followed.length);
        expect(counts.mentionsOrDms).toBe(new Set([...sets.mentions, ...sets.dms]).size);
        expect(counts.mentionsDmsOrFollowed).toBe(
          new Set([...sets.mentions, ...sets.dms, ...sets.followed]).size,
        );
        expect(new Map(index.entries())).toEqual(oracle);
        for (let probe = 1; probe <= 3000; probe += 7) {
          expect(index.has(probe)).toBe(oracle.has(probe));
          expect(index.get(probe)).toEqual(oracle.get(probe));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps ids and values exactly through many out-of-order inserts and deletes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 20_000 }), fc.nat(1000)), {
          minLength: 1,
          maxLength: 6000,
        }),
        (ops) => {
          const table = new IdTable();
          const oracle = new Map<number, number>();
          for (const [add, key, value] of ops) {
            if (add) {
              table.set(key, value);
              oracle.set(key, value);
            } else expect(table.delete(key)).toBe(oracle.delete(key));
          }
          expect(table.size).toBe(oracle.size);
          const sorted = [...oracle].sort((a, b) => a[0] - b[0]);
          expect([...table.entries()]).toEqual(sorted);
          const visited: [number, number][] = [];
          table.forEach((id, value) => visited.push([id, value]));
          expect(visited).toEqual(sorted);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('holds a hundred thousand unread ids in about a megabyte', () => {
    const index = new UnreadIndex({
      channelCounted: () => true,
      channelMuted: () => false,
      topicPolicy: () => 0,
    });
    for (let i = 1; i <= 100_000; i++)
      index.set(i * 3, {
        type: 'stream',
        stream_id: 1 + (i % 20),
        topic: `topic ${i % 500}`,
        mentioned: false,
        wildcard: false,
      });
    expect(index.counts().channelUnread).toBe(100_000);
    expect(index.bytes).toBeLessThan(2_000_000);
  });
});

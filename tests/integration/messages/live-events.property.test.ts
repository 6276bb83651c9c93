/**
 * Random edits, moves, deletions, stars, reactions and new messages by two people (and an
 * administrator), against the reference server over HTTP. The viewer's open narrow follows
 * only its event queue, through the renderer's pure event logic and the fetches it asks for,
 * as the timeline does; after every sequence it must equal a fresh fetch of the narrow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageWire, NarrowTermWire } from '../../../src/contract/schemas/messages.ts';
import {
  applyEvents,
  mergeMovedIn,
  replaceMessages,
} from '../../../src/contract/message-events.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from '../server/messaging-client.ts';
import { actOn, visible } from './shared-actions.ts';

type Action =
  | { kind: 'edit'; actor: number; at: number; text: string }
  | { kind: 'topic'; actor: number; at: number; topic: string; mode: string }
  | { kind: 'channel'; actor: number; at: number; channel: string; mode: string }
  | { kind: 'delete'; actor: number; at: number }
  | { kind: 'star'; actor: number; at: number; on: boolean }
  | { kind: 'react'; actor: number; at: number }
  | { kind: 'send'; actor: number; topic: string };

const TOPICS = ['t1', 't2', '✔ t1'];
const MODES = ['change_one', 'change_later', 'change_all'];
const NARROWS: NarrowTermWire[][] = [
  [],
  [{ operator: 'channel', operand: 'general' }],
  [
    { operator: 'channel', operand: 'general' },
    { operator: 'topic', operand: 't1' },
  ],
  [{ operator: 'is', operand: 'starred' }],
];

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    actor: fc.nat(2),
    at: fc.nat(30),
    text: fc.constantFrom('changed', 'a **bold** word', ':tada: again'),
  }),
  fc.record({
    kind: fc.constant('topic' as const),
    actor: fc.nat(2),
    at: fc.nat(30),
    topic: fc.constantFrom(...TOPICS),
    mode: fc.constantFrom(...MODES),
  }),
  fc.record({
    kind: fc.constant('channel' as const),
    actor: fc.nat(2),
    at: fc.nat(30),
    channel: fc.constantFrom('general', 'development'),
    mode: fc.constantFrom(...MODES),
  }),
  fc.record({ kind: fc.constant('delete' as const), actor: fc.nat(2), at: fc.nat(30) }),
  fc.record({
    kind: fc.constant('star' as const),
    actor: fc.nat(1),
    at: fc.nat(30),
    on: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('react' as const), actor: fc.nat(1), at: fc.nat(30) }),
  fc.record({
    kind: fc.constant('send' as const),
    actor: fc.nat(1),
    topic: fc.constantFrom(...TOPICS),
  }),
);

async function fetchNarrow(
  server: StartedServer,
  viewer: ServerUser,
  narrow: NarrowTermWire[],
  extra: Record<string, unknown> = {},
) {
  const r = await ok(server, viewer, 'GET', '/messages', {
    narrow,
    anchor: 'oldest',
    num_before: 0,
    num_after: 1000,
    apply_markdown: true,
    ...extra,
  });
  return r.messages as MessageWire[];
}

async function byIds(
  server: StartedServer,
  viewer: ServerUser,
  ids: number[],
  narrow?: NarrowTermWire[],
) {
  const r = await ok(server, viewer, 'GET', '/messages', {
    message_ids: ids,
    apply_markdown: true,
    ...(narrow ? { narrow } : {}),
  });
  return r.messages as MessageWire[];
}

async function perform(
  server: StartedServer,
  people: ServerUser[],
  ids: number[],
  a: Action,
): Promise<void> {
  const actor = people[a.actor] as ServerUser;
  if (a.kind === 'send') {
    ids.push(await send(server, actor, 'general', `new in ${a.topic}`, a.topic));
    return;
  }
  const id = ids[a.at % ids.length] as number;
  if (a.kind === 'star') {
    const op = a.on ? 'add' : 'remove';
    await call(server, actor, 'POST', '/messages/flags', { messages: [id], op, flag: 'starred' });
  } else await actOn(server, actor, id, a);
}

/** The viewer's list after its queue's events, with the fetches the timeline would make. */
async function follow(
  server: StartedServer,
  viewer: ServerUser,
  queue: { id: unknown; last: number },
  narrow: NarrowTermWire[],
  list: MessageWire[],
): Promise<MessageWire[]> {
  const events = await pending(server, viewer, queue.id, queue.last);
  queue.last = Math.max(queue.last, ...events.map((e) => e.id as number));
  const names = new Map([...server.state.channels.values()].map((c) => [c.stream_id, c.name]));
  const typed = events as { type: string }[];
  const effect = applyEvents(list, typed, { narrow, channelName: (id) => names.get(id) });
  let out = effect.messages;
  if (effect.refetch.length > 0)
    out = replaceMessages(out, await byIds(server, viewer, effect.refetch), narrow);
  if (effect.fetchIn.length > 0) {
    const arrived = await byIds(server, viewer, effect.fetchIn, narrow);
    out = mergeMovedIn(out, arrived, { foundOldest: true, foundNewest: true });
  }
  if (effect.fetchNewer) {
    const last = out.at(-1)?.id;
    const newer =
      last === undefined
        ? await fetchNarrow(server, viewer, narrow)
        : await fetchNarrow(server, viewer, narrow, { anchor: last, include_anchor: false });
    out = [...out, ...newer.filter((m) => last === undefined || m.id > last)];
  }
  return out;
}

describe('live events on an open narrow', () => {
  it('leave it equal to a fresh fetch, whatever two people and an administrator do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NARROWS),
        fc.array(action, { minLength: 1, maxLength: 12 }),
        async (narrow, actions) => {
          const server = await startServer({ rateLimit: false });
          try {
            const people = [
              byEmail(server, 'member'),
              byEmail(server, 'member2'),
              byEmail(server, 'owner'),
            ];
            const viewer = people[0] as ServerUser;
            const ids: number[] = [];
            for (let i = 0; i < 6; i++) {
              const sender = people[i % 2] as ServerUser;
              ids.push(await send(server, sender, 'general', `message ${i}`, TOPICS[i % 2]));
            }
            ids.push(await send(server, viewer, 'development', 'elsewhere', 't1'));
            const reg = await ok(server, viewer, 'POST', '/register', {
              event_types: [
                'message',
                'update_message',
                'delete_message',
                'update_message_flags',
                'reaction',
              ],
            });
            const queue = { id: reg.queue_id, last: reg.last_event_id as number };
            let list = await fetchNarrow(server, viewer, narrow);
            for (const a of actions) {
              await perform(server, people, ids, a);
              list = await follow(server, viewer, queue, narrow, list);
            }
            const fresh = await fetchNarrow(server, viewer, narrow);
            expect(list.map(visible)).toEqual(fresh.map(visible));
          } finally {
            await server.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

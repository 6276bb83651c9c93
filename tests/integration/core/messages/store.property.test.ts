/**
 * The Core's message store against the reference server over HTTP: random sends, edits,
 * moves, deletions, stars and reactions by two people and an administrator, with windows
 * of several narrows fetched through the store in between (sometimes before the action's
 * events have come through, as a page can outrun its queue, and sometimes with the action
 * and its events landing while the page is under way, answered by the server before or
 * after them). Afterwards every window the store answers by itself must equal the server's
 * answer to the same request.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import { MessageStore } from '../../../../src/core/messages/store/message-store.ts';
import {
  fetchThroughStore,
  type StoreAccess,
} from '../../../../src/core/messages/store/served-fetch.ts';
import { fetchPage } from '../../../../src/core/messages/page.ts';
import type { NarrowTermWire } from '../../../../src/contract/schemas/messages.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from '../../server/messaging-client.ts';
import { actOn, visible } from '../../messages/shared-actions.ts';
import { Gate } from '../sync/harness.ts';

type Action =
  | { kind: 'edit'; actor: number; at: number }
  | { kind: 'delete' | 'react'; actor: number; at: number }
  | { kind: 'topic'; actor: number; at: number; topic: string; mode: string }
  | { kind: 'channel'; actor: number; at: number; channel: string; mode: string }
  | { kind: 'star'; at: number; on: boolean }
  | { kind: 'send'; actor: number; topic: string }
  | { kind: 'dm'; actor: number };

interface Ask {
  anchor: 'newest' | 'oldest' | 'first_unread' | number;
  numBefore: number;
  numAfter: number;
  includeAnchor: boolean;
}

const TOPICS = ['t1', 't2', '✔ t1'];
const MODES = ['change_one', 'change_later', 'change_all'];
const ACCOUNT = 'viewer';

const step = fc.record({
  action: fc.oneof(
    fc.record({
      kind: fc.constantFrom('edit' as const, 'delete' as const, 'react' as const),
      actor: fc.nat(2),
      at: fc.nat(30),
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
    fc.record({ kind: fc.constant('star' as const), at: fc.nat(30), on: fc.boolean() }),
    fc.record({
      kind: fc.constant('send' as const),
      actor: fc.nat(1),
      topic: fc.constantFrom(...TOPICS),
    }),
    fc.record({ kind: fc.constant('dm' as const), actor: fc.nat(1) }),
  ),
  narrow: fc.nat(5),
  ask: fc.nat(3),
  /**
   * When the window is fetched: after the action but before its events are applied (the
   * page already shows it), after both, or under way while both happen, the server
   * answering before the action or after it.
   */
  when: fc.constantFrom('early', 'late', 'answered first', 'forwarded after'),
});

async function perform(server: StartedServer, people: ServerUser[], ids: number[], a: Action) {
  const actor = people['actor' in a ? a.actor : 0] as ServerUser;
  if (a.kind === 'send') {
    ids.push(await send(server, actor, 'general', `new in ${a.topic}`, a.topic));
    return;
  }
  if (a.kind === 'dm') {
    const other = people[a.actor === 0 ? 1 : 0] as ServerUser;
    ids.push(await send(server, actor, [other.user_id], 'a direct word'));
    return;
  }
  const id = ids[a.at % ids.length] as number;
  if (a.kind === 'star') {
    const op = a.on ? 'add' : 'remove';
    await call(server, people[0] as ServerUser, 'POST', '/messages/flags', {
      messages: [id],
      op,
      flag: 'starred',
    });
  } else if (a.kind === 'edit')
    await actOn(server, actor, id, { kind: 'edit', text: `edited ${a.at}` });
  else await actOn(server, actor, id, a);
}

describe('the Core message store', () => {
  it('answers by itself only windows equal to the server, whatever two people and an administrator do', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const server = await startServer({ rateLimit: false });
        const gate = await Gate.open(server.url);
        const viewer = byEmail(server, 'member');
        const client = new ApiClient({
          realmUrl: gate.url,
          email: viewer.email,
          apiKey: viewer.api_key,
        });
        try {
          const people = [viewer, byEmail(server, 'member2'), byEmail(server, 'owner')];
          const other = people[1] as ServerUser;
          const general = [...server.state.channels.values()].find((c) => c.name === 'general');
          const narrows: NarrowTermWire[][] = [
            [],
            [{ operator: 'channel', operand: 'general' }],
            [
              { operator: 'channel', operand: general?.stream_id ?? 0 },
              { operator: 'topic', operand: 't1' },
            ],
            [{ operator: 'is', operand: 'starred' }],
            [{ operator: 'sender', operand: other.user_id }],
            [{ operator: 'dm', operand: [other.user_id] }],
          ];
          const asks: Ask[] = [
            { anchor: 'newest', numBefore: 4, numAfter: 0, includeAnchor: true },
            { anchor: 'oldest', numBefore: 0, numAfter: 4, includeAnchor: true },
            { anchor: 'newest', numBefore: 100, numAfter: 0, includeAnchor: true },
            { anchor: 'first_unread', numBefore: 3, numAfter: 3, includeAnchor: true },
          ];
          const ids: number[] = [];
          for (let i = 0; i < 8; i++) {
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
            apply_markdown: true,
            client_gravatar: true,
          });
          const queue = { id: reg.queue_id, last: reg.last_event_id as number };
          const store = new MessageStore();
          const subscribed = new Map(
            [...server.state.channels.values()]
              .filter((c) => server.state.subscribersOf(c.stream_id).includes(viewer.user_id))
              .map((c) => [c.name.toLowerCase(), c.stream_id]),
          );
          const names = () =>
            new Map([...server.state.channels.values()].map((c) => [c.stream_id, c.name]));
          const access: StoreAccess = {
            store,
            lookup: () => ({
              myUserId: viewer.user_id,
              subscribedChannel: (o) =>
                typeof o === 'number'
                  ? [...subscribed.values()].includes(o)
                    ? o
                    : undefined
                  : subscribed.get(o.toLowerCase()),
            }),
            noUnreadIn: () => false,
          };
          const argsOf = (narrow: NarrowTermWire[], ask: Ask) => ({
            accountId: ACCOUNT,
            narrow,
            ...ask,
          });
          const catchUp = async () => {
            const events = await pending(server, viewer, queue.id, queue.last);
            queue.last = Math.max(queue.last, ...events.map((e) => e.id as number));
            const channels = names();
            store.apply(ACCOUNT, events as never, { channelName: (id) => channels.get(id) });
          };
          for (const narrow of narrows)
            await fetchThroughStore(access, client, argsOf(narrow, asks[2] as Ask));
          for (const s of steps) {
            const fetch = () =>
              fetchThroughStore(
                access,
                client,
                argsOf(narrows[s.narrow] as NarrowTermWire[], asks[s.ask] as Ask),
              );
            let acted = false;
            const act = async () => {
              acted = true;
              await perform(server, people, ids, s.action);
              if (s.when === 'early') await fetch();
              await catchUp();
            };
            if (s.when === 'early' || s.when === 'late') {
              await act();
              if (s.when === 'late') await fetch();
              continue;
            }
            const hook = s.when === 'answered first' ? 'beforeAnswer' : 'beforeForward';
            gate[hook] = async (seen) => {
              if (!acted && seen === 'GET /api/v1/messages') await act();
            };
            await fetch();
            gate[hook] = undefined;
            // A window the store answered by itself asked nothing of the server.
            if (!acted) await act();
          }
          await catchUp();
          const kept = store.existing(ACCOUNT);
          for (const narrow of narrows) {
            for (const ask of asks) {
              const anchor = ask.anchor;
              if (anchor === 'first_unread') continue;
              const fromStore = kept?.answer(narrow, { ...ask, anchor });
              if (!fromStore) continue;
              answered++;
              const fromServer = await fetchPage(client, argsOf(narrow, ask));
              expect({ ...fromStore, messages: fromStore.messages.map(visible) }).toEqual({
                ...fromServer,
                messages: fromServer.messages.map(visible),
              });
            }
          }
        } finally {
          await client.close();
          await gate.close();
          await server.close();
        }
      }),
      {
        numRuns: 40,
        examples: [
          // A page answered before a move that repeats, within the same second and by the
          // same person, a move already in its history: the store must still take it.
          [
            [
              {
                action: { kind: 'topic', actor: 1, at: 19, topic: 't1', mode: 'change_one' },
                narrow: 0,
                ask: 0,
                when: 'early',
              },
              {
                action: { kind: 'topic', actor: 0, at: 0, topic: 't2', mode: 'change_all' },
                narrow: 0,
                ask: 0,
                when: 'early',
              },
              {
                action: { kind: 'topic', actor: 1, at: 0, topic: 't1', mode: 'change_all' },
                narrow: 0,
                ask: 3,
                when: 'answered first',
              },
            ],
          ],
        ],
      },
    );
    // The comparison above means something only if the store does answer.
    expect(answered).toBeGreaterThan(40);
  }, 240_000);
});

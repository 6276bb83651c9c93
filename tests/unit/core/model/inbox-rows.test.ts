import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildAccountInbox, LiveInbox } from '../../../../src/core/model/inbox-rows.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { UnreadPlaces } from '../../../../src/core/model/unread-summary.ts';
import { ALICE, BOB, ME } from '../notify/fixtures.ts';
import {
  DESIGN,
  OLD,
  RANDOM,
  UNSUBSCRIBED,
  channelMessage,
  directMessage,
  event,
  registerResponse,
} from '../sync/register-fixture.ts';

let state: AccountState;
let places: UnreadPlaces;

beforeEach(() => {
  const register = registerResponse();
  state = new AccountState(register);
  places = new UnreadPlaces(register);
});

function apply(e: { id: number; type: string }): void {
  places.follow(e, state.apply(e), state);
}

const inbox = () => buildAccountInbox(state, places);
const topicsOf = (streamId: number) =>
  inbox().channels.find((c) => c.streamId === streamId)?.topics ?? [];

describe('the Inbox of one account', () => {
  it('groups unread messages by channel then topic, with counts, mentions and policies', () => {
    const { channels } = inbox();
    expect(channels.map((c) => [c.name, c.muted])).toEqual([
      ['design', false],
      ['random', true],
    ]);
    const design = Object.fromEntries(
      topicsOf(DESIGN).map((t) => [t.name, [t.unread, t.mentions, t.policy, t.muted]]),
    );
    expect(design).toEqual({
      logo: [2, 1, 0, false],
      lunch: [1, 0, 3, false],
      noise: [1, 0, 1, true],
    });
  });

  it('keeps muted conversations, flagged: a muted channel hides its topics unless unmuted', () => {
    const random = Object.fromEntries(topicsOf(RANDOM).map((t) => [t.name, t.muted]));
    expect(random).toEqual({ chat: true, important: false });
  });

  it('lists direct and group conversations by their other participants, named', () => {
    expect(inbox().dms.map((d) => [d.userIds, d.names, d.unread])).toEqual([
      [[ALICE, BOB], ['Alice', `user ${BOB}`], 1],
      [[ALICE], ['Alice'], 1],
    ]);
  });

  it('follows new messages, reads and policy changes as events arrive', () => {
    apply(event('message', { message: channelMessage(400, DESIGN, 'Logo'), flags: [] }));
    apply(event('message', { message: directMessage(401), flags: ['mentioned'] }));
    expect(topicsOf(DESIGN).find((t) => t.name === 'logo')).toMatchObject({
      unread: 3,
      newestId: 400,
    });
    expect(inbox().dms[0]).toMatchObject({ userIds: [ALICE], unread: 2, mentions: 1 });
    apply(
      event('update_message_flags', {
        op: 'add',
        flag: 'read',
        messages: [200, 201, 400],
        all: false,
      }),
    );
    expect(topicsOf(DESIGN).map((t) => t.name)).not.toContain('logo');
    apply(
      event('user_topic', {
        stream_id: DESIGN,
        topic_name: 'lunch',
        last_updated: 2,
        visibility_policy: 1,
      }),
    );
    expect(topicsOf(DESIGN).find((t) => t.name === 'lunch')).toMatchObject({
      policy: 1,
      muted: true,
    });
  });

  it('leaves out channels the user is not subscribed to', () => {
    apply(event('message', { message: channelMessage(500, UNSUBSCRIBED, 'x'), flags: [] }));
    expect(inbox().channels.map((c) => c.streamId)).not.toContain(UNSUBSCRIBED);
  });
});

describe('the Inbox kept current event by event', () => {
  const channel = fc.constantFrom(DESIGN, RANDOM, OLD, UNSUBSCRIBED);
  const topic = fc.constantFrom('logo', 'Logo', 'lunch', 'noise', 'chat', 'Important', 'new', '');
  const flags = fc.constantFrom<string[]>(
    [],
    ['mentioned'],
    ['wildcard_mentioned'],
    ['stream_wildcard_mentioned'],
    ['read'],
  );
  type Step =
    | { kind: 'channel'; streamId: number; topic: string; flags: string[]; old: boolean }
    | { kind: 'dm'; flags: string[]; fromMe: boolean }
    | { kind: 'read'; ids: number[] }
    | { kind: 'presence' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('channel' as const),
      streamId: channel,
      topic,
      flags,
      old: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('dm' as const), flags, fromMe: fc.boolean() }),
    fc.record({
      kind: fc.constant('read' as const),
      ids: fc.subarray([100, 101, 200, 202, 300, 1000, 1001, 1002, 1003, 1004]),
    }),
    fc.record({ kind: fc.constant('presence' as const) }),
  );

  it('shows what building it afresh shows, after any messages, reads and other events', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const register = registerResponse();
        const s = new AccountState(register);
        const p = new UnreadPlaces(register);
        const live = new LiveInbox(s, p);
        live.current();
        let next = 1000;
        for (const st of steps) {
          let e: { id: number; type: string };
          if (st.kind === 'channel') {
            // An id already seen (a message event told twice) as well as new ones.
            const id = st.old ? 200 : next++;
            e = event('message', {
              message: channelMessage(id, st.streamId, st.topic),
              flags: st.flags,
            });
          } else if (st.kind === 'dm') {
            e = event('message', {
              message: directMessage(next++, st.fromMe ? ME : ALICE),
              flags: st.fromMe ? ['read'] : st.flags,
            });
          } else if (st.kind === 'read') {
            e = event('update_message_flags', {
              op: 'add',
              flag: 'read',
              messages: st.ids,
              all: false,
            });
          } else {
            e = event('presence', { user_id: ALICE, server_timestamp: 1, presence: {} });
          }
          p.follow(e, s.apply(e), s);
          live.follow(e);
          expect(live.current()).toEqual(buildAccountInbox(s, p));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("makes only the new message's conversation anew: every other row is the one it was", () => {
    const live = new LiveInbox(state, places);
    const before = live.current();
    const e = event('message', { message: channelMessage(900, DESIGN, 'lunch'), flags: [] });
    places.follow(e, state.apply(e), state);
    live.follow(e);
    const after = live.current();
    const design = after.channels.find((c) => c.streamId === DESIGN)!;
    expect(design.topics.map((t) => [t.name, t.unread])).toEqual([
      ['lunch', 2],
      ['noise', 1],
      ['logo', 2],
    ]);
    const old = before.channels.find((c) => c.streamId === DESIGN)!;
    expect(design.topics[1]).toBe(old.topics.find((t) => t.name === 'noise'));
    expect(after.channels.find((c) => c.streamId === RANDOM)).toBe(
      before.channels.find((c) => c.streamId === RANDOM),
    );
    expect(after.dms).toBe(before.dms);
  });
});

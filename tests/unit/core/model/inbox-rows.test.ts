import { beforeEach, describe, expect, it } from 'vitest';
import { buildAccountInbox } from '../../../../src/core/model/inbox-rows.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { UnreadPlaces } from '../../../../src/core/model/unread-summary.ts';
import { ALICE, BOB } from '../notify/fixtures.ts';
import {
  DESIGN,
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

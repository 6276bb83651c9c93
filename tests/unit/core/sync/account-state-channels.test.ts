import { beforeEach, describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { ALICE, BOB, ME, subscription } from '../notify/fixtures.ts';
import {
  DESIGN,
  OLD,
  RANDOM,
  UNSUBSCRIBED,
  channelMessage,
  event,
  registerResponse,
} from './register-fixture.ts';
import { badges, unreadSets } from './helpers.ts';

let state: AccountState;
beforeEach(() => {
  state = new AccountState(registerResponse());
});

const update = (stream_id: number, property: string, value: unknown) =>
  event('subscription', { op: 'update', stream_id, property, value });

describe('subscription', () => {
  it('muting a channel drops its inherit-topic messages but keeps followed ones and mentions', () => {
    state.apply(
      event('message', {
        message: channelMessage(410, DESIGN, 'logo'),
        flags: ['stream_wildcard_mentioned'],
      }),
    );
    const result = state.apply(update(DESIGN, 'is_muted', true));
    expect(result.unreadsChanged).toBe(true);
    expect(unreadSets(state)).toEqual({
      dms: [100, 101],
      channelUnread: [202, 301],
      // 201 is a personal mention; the wildcard 410 no longer counts in a muted channel.
      mentions: [201, 300],
      followed: [202],
    });
    expect(badges(state)).toEqual([4, 5, 4, 0]);
  });

  it('the legacy in_home_view property alone mutes and unmutes', () => {
    state.apply(update(DESIGN, 'in_home_view', false));
    expect(state.subscription(DESIGN)?.is_muted).toBe(true);
    expect(unreadSets(state).channelUnread).toEqual([202, 301]);
    state.apply(update(RANDOM, 'in_home_view', true));
    expect(unreadSets(state).channelUnread).toEqual([202, 300, 301]);
  });

  it('unmuting a channel brings its inherit-topic messages back, never its muted topics', () => {
    state.apply(update(RANDOM, 'is_muted', false));
    expect(unreadSets(state).channelUnread).toEqual([200, 201, 202, 300, 301]);
    expect(badges(state)).toEqual([7, 5, 4, 0]);
  });

  it('unsubscribing removes the channel from every set; subscribing again restores it', () => {
    state.apply(
      event('subscription', {
        op: 'remove',
        subscriptions: [{ stream_id: DESIGN, name: 'design' }],
      }),
    );
    expect(state.subscription(DESIGN)).toBeUndefined();
    expect(unreadSets(state)).toEqual({
      dms: [100, 101],
      channelUnread: [301],
      mentions: [300],
      followed: [],
    });
    expect(badges(state)).toEqual([3, 3, 3, 0]);
    state.apply(
      event('subscription', { op: 'add', subscriptions: [subscription(DESIGN, 'design')] }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301],
      followed: [202],
    });
  });

  it('a new subscription is used for the decisions that follow', () => {
    state.apply(
      event('subscription', {
        op: 'add',
        subscriptions: [subscription(UNSUBSCRIBED, 'elsewhere', { desktop_notifications: true })],
      }),
    );
    const input = state.policyInput(channelMessage(1, UNSUBSCRIBED, 't'), [], false);
    expect(input.subscription?.desktop_notifications).toBe(true);
  });

  it('notification overrides change the policy input but not the unread sets', () => {
    const result = state.apply(update(DESIGN, 'wildcard_mentions_notify', true));
    expect(result.unreadsChanged).toBe(false);
    expect(
      state.policyInput(channelMessage(1, DESIGN, 't'), [], false).subscription
        ?.wildcard_mentions_notify,
    ).toBe(true);
    state.apply(update(DESIGN, 'wildcard_mentions_notify', null));
    expect(state.subscription(DESIGN)?.wildcard_mentions_notify).toBeNull();
  });

  it('peer_add and peer_remove change the subscriber lists', () => {
    state.apply(
      event('subscription', { op: 'peer_add', stream_ids: [DESIGN], user_ids: [BOB, ALICE] }),
    );
    expect(state.subscription(DESIGN)?.subscribers).toEqual([ME, ALICE, BOB]);
    state.apply(
      event('subscription', { op: 'peer_remove', stream_ids: [DESIGN], user_ids: [ALICE] }),
    );
    expect(state.subscription(DESIGN)?.subscribers).toEqual([ME, BOB]);
  });

  it('archiving a subscribed channel removes it from the counts', () => {
    state.apply(event('message', { message: channelMessage(700, OLD, 'x'), flags: ['mentioned'] }));
    expect(unreadSets(state).mentions).toEqual([201, 300, 700]);
    state.apply(
      event('stream', { op: 'update', stream_id: OLD, property: 'is_archived', value: true }),
    );
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 301],
      mentions: [201, 300],
    });
    state.apply(
      event('stream', { op: 'update', stream_id: OLD, property: 'is_archived', value: false }),
    );
    expect(unreadSets(state).mentions).toEqual([201, 300, 700]);
    state.apply(event('stream', { op: 'delete', streams: [{ stream_id: OLD }] }));
    expect(unreadSets(state).mentions).toEqual([201, 300]);
  });

  it('a deleted channel named only by stream_ids (the newer form) stops counting too', () => {
    state.apply(event('message', { message: channelMessage(700, OLD, 'x'), flags: ['mentioned'] }));
    expect(unreadSets(state).mentions).toEqual([201, 300, 700]);
    state.apply(event('stream', { op: 'delete', stream_ids: [OLD] }));
    expect(unreadSets(state).mentions).toEqual([201, 300]);
  });

  it('a renamed channel keeps its name in the subscription', () => {
    state.apply(
      event('stream', { op: 'update', stream_id: DESIGN, property: 'name', value: 'product' }),
    );
    expect(state.subscription(DESIGN)?.name).toBe('product');
    expect(state.stream(DESIGN)?.name).toBe('product');
  });
});

describe('user_topic', () => {
  const topic = (stream_id: number, topic_name: string, visibility_policy: number) =>
    event('user_topic', { stream_id, topic_name, last_updated: 2, visibility_policy });

  it('muting a topic (any case) drops its messages from channelUnread', () => {
    state.apply(topic(DESIGN, 'LOGO', 1));
    expect(unreadSets(state)).toMatchObject({ channelUnread: [202, 301], mentions: [201, 300] });
    expect(badges(state)).toEqual([4, 5, 4, 0]);
  });

  it('following a topic of a muted channel adds it to channelUnread and followed', () => {
    state.apply(topic(RANDOM, 'Chat', 3));
    expect(unreadSets(state)).toMatchObject({
      channelUnread: [200, 201, 202, 300, 301],
      followed: [202, 300],
    });
    expect(state.policyInput(channelMessage(1, RANDOM, 'chat'), [], false).topicPolicy).toBe(3);
  });

  it('back to inherit: the muted topic returns in an unmuted channel, the unmuted one leaves a muted channel', () => {
    state.apply(topic(DESIGN, 'noise', 0));
    state.apply(topic(RANDOM, 'important', 0));
    expect(unreadSets(state).channelUnread).toEqual([200, 201, 202, 203]);
    expect(state.topicPolicy(DESIGN, 'noise')).toBe(0);
  });

  it('unfollowing keeps the message unread but not followed', () => {
    state.apply(topic(DESIGN, 'lunch', 2));
    expect(unreadSets(state)).toMatchObject({ channelUnread: [200, 201, 202, 301], followed: [] });
    expect(badges(state)).toEqual([6, 4, 4, 0]);
  });
});

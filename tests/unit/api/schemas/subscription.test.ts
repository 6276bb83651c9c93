import { describe, expect, it } from 'vitest';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import { getSubscriptionsResponse } from '../../../../src/api/schemas/subscription.ts';
import { decode, malformed, without } from './helpers.ts';

/** A Subscription object of an FL 247 server: no creator_id (FL 254) yet. */
const fl247 = {
  stream_id: 1,
  name: 'Denmark',
  description: 'A Scandinavian country',
  rendered_description: '<p>A Scandinavian country</p>',
  date_created: 1691057093,
  invite_only: false,
  desktop_notifications: null,
  email_notifications: null,
  push_notifications: null,
  audible_notifications: null,
  wildcard_mentions_notify: null,
  pin_to_top: false,
  is_muted: false,
  color: '#b0a5fd',
  is_web_public: false,
  stream_post_policy: 1,
  message_retention_days: null,
  history_public_to_subscribers: true,
  first_message_id: null,
  stream_weekly_traffic: null,
};

describe('subscription schema', () => {
  it('shows a missing creator_id as null', () => {
    const { subscriptions } = decode('GET /users/me/subscriptions', getSubscriptionsResponse, {
      subscriptions: [fl247, { ...fl247, stream_id: 2, creator_id: 9 }],
    });
    expect(subscriptions.map((s) => s.creator_id)).toEqual([null, 9]);
  });

  it('accepts a subscription from before FL 30, without date_created', () => {
    const { subscriptions } = decode('GET /users/me/subscriptions', getSubscriptionsResponse, {
      subscriptions: [without(fl247, 'date_created')],
    });
    expect(subscriptions[0]?.date_created).toBeUndefined();
    expect(subscriptions[0]?.creator_id).toBeNull();
  });

  it('gives the same creator_id in a subscription add event', () => {
    const [event] = decode('GET /events', getEventsResponse, {
      events: [{ id: 1, type: 'subscription', op: 'add', subscriptions: [fl247] }],
    }).events;
    const added = event?.type === 'subscription' ? event.subscriptions?.[0] : undefined;
    expect(added && 'creator_id' in added ? added.creator_id : 'absent').toBeNull();
  });

  it('still names a truly required field that is missing', () => {
    const body = { subscriptions: [fl247, without(fl247, 'is_muted')] };
    expect(malformed('GET /users/me/subscriptions', getSubscriptionsResponse, body).path).toBe(
      'subscriptions.1.is_muted',
    );
  });
});

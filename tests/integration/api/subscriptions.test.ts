import { describe, expect, it } from 'vitest';
import { BadRequestError, StreamDoesNotExistError } from '../../../src/api/errors.ts';
import {
  getSubscriptions,
  subscribe,
  unsubscribe,
  updateSubscription,
  updateSubscriptionProperties,
} from '../../../src/api/routes/subscriptions.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

describe('subscriptions', () => {
  const h = useServer();

  async function subscription(client: ApiClient, name: string) {
    return (await getSubscriptions(client)).data.subscriptions.find((s) => s.name === name);
  }

  it('lists the caller’s subscriptions with inheritable notification settings', async () => {
    const general = await subscription(h.as(ROLE.member), 'general');
    expect(general).toMatchObject({ name: 'general', invite_only: false, is_muted: false });
    expect(
      general?.desktop_notifications === null ||
        typeof general?.desktop_notifications === 'boolean',
    ).toBe(true);
  });

  it('subscribes to a new channel and unsubscribes again', async () => {
    const client = h.as(ROLE.member);
    const sub = await subscribe(client, { subscriptions: [{ name: 'api-new-channel' }] });
    expect(Object.values(sub.data.subscribed).flat()).toContain('api-new-channel');
    const first = await unsubscribe(client, { subscriptions: ['api-new-channel'] });
    expect(first.data).toMatchObject({ removed: ['api-new-channel'], not_removed: [] });
    const again = await unsubscribe(client, { subscriptions: ['api-new-channel'] });
    expect(again.data).toMatchObject({ removed: [], not_removed: ['api-new-channel'] });
  });

  it('gives STREAM_DOES_NOT_EXIST naming the unknown channel', async () => {
    const error = await failure(
      unsubscribe(h.as(ROLE.member), { subscriptions: ['no-such-channel'] }),
    );
    expect(error).toBeInstanceOf(StreamDoesNotExistError);
    expect((error as StreamDoesNotExistError).stream).toBe('no-such-channel');
  });

  it('lets an administrator remove another user', async () => {
    const other = humanWithRole(h.server, ROLE.member, 1);
    const removed = await unsubscribe(h.as(ROLE.admin), {
      subscriptions: ['general'],
      principals: [other.user_id],
    });
    expect(removed.data.removed).toEqual(['general']);
    expect(await subscription(h.asUser(other), 'general')).toBeUndefined();
  });

  it('gives 400 BAD_REQUEST for a deactivated or unknown principal (FL 208 and later)', async () => {
    const former = h.server.deactivatedUsers[0];
    for (const principal of [former?.user_id ?? 0, 999_999]) {
      const error = await failure(
        unsubscribe(h.as(ROLE.admin), { subscriptions: ['general'], principals: [principal] }),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as BadRequestError).status).toBe(400);
      expect((error as BadRequestError).legacyCode).toBeUndefined();
    }
  });

  it('changes one property with PATCH and several with the batch call', async () => {
    const client = h.as(ROLE.admin);
    const general = await subscription(client, 'general');
    const streamId = general?.stream_id ?? 0;
    await updateSubscription(client, { stream_id: streamId, property: 'color', value: '#123456' });
    await updateSubscriptionProperties(client, [
      { stream_id: streamId, property: 'is_muted', value: true },
      { stream_id: streamId, property: 'desktop_notifications', value: false },
    ]);
    expect(await subscription(client, 'general')).toMatchObject({
      color: '#123456',
      is_muted: true,
      desktop_notifications: false,
    });
  });

  it('gives BAD_REQUEST for an unknown property', async () => {
    const client = h.as(ROLE.member);
    const streamId = (await subscription(client, 'general'))?.stream_id ?? 0;
    const error = await failure(
      updateSubscription(client, {
        stream_id: streamId,
        property: 'sparkle' as 'pin_to_top',
        value: true,
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });
});

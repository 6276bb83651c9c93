/**
 * A channel's settings changed from its menu go through POST /users/me/subscriptions/properties,
 * whose `subscription_data` is JSON at every level. Some upstream versions read the value of
 * the single-channel PATCH as plain text and refuse "true" and "false" for the boolean
 * properties; the reference server accepts both, so a stub plays that server.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import { updateSubscriptionProperties } from '../../../src/api/routes/subscriptions.ts';
import type { CoreContext } from '../../../src/core/context.ts';
import { channelsHandlers } from '../../../src/core/rpc/handlers/channels.ts';
import { ChannelsService, type ChannelsDeps } from '../../../src/core/channels/service.ts';
import { useStubClient, type StubRequest, type StubServer } from './schemas/helpers.ts';

const STREAM_ID = 5;
const BOOLEAN_PROPERTIES = ['is_muted', 'pin_to_top', 'desktop_notifications'];

/** An upstream PATCH that takes `value` as text: a boolean property cannot be set. */
function textValuePatch(request: StubRequest): object {
  const property = request.params.get('property') ?? '';
  return BOOLEAN_PROPERTIES.includes(property)
    ? { result: 'error', msg: `${property} is not a boolean`, code: 'BAD_REQUEST' }
    : {};
}

describe("subscription property changes from a channel's menu", () => {
  const stub = useStubClient();
  let server: StubServer;
  let client: ApiClient;
  beforeEach(async () => {
    ({ server, client } = await stub(
      {
        [`/users/me/subscriptions/${STREAM_ID}`]: textValuePatch,
        '/users/me/subscriptions/properties': { ignored_parameters_unsupported: ['frobnicate'] },
      },
      420,
    ));
  });

  const handlers = () =>
    channelsHandlers({
      parts: {
        channels: new ChannelsService({
          accounts: { clientFor: () => Promise.resolve({ client }) },
        } as unknown as ChannelsDeps),
      },
    } as unknown as CoreContext);

  it('sets boolean properties and the colour through the JSON list', async () => {
    const update = handlers()['channels.setProperty'];
    await update({ accountId: 'a', streamId: STREAM_ID, property: 'is_muted', value: true });
    await update({ accountId: 'a', streamId: STREAM_ID, property: 'pin_to_top', value: false });
    await update({ accountId: 'a', streamId: STREAM_ID, property: 'color', value: '#336699' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(3).fill('POST /users/me/subscriptions/properties'),
    );
    expect(
      server.requests.map((r) => JSON.parse(r.params.get('subscription_data') ?? 'null')),
    ).toEqual([
      [{ stream_id: STREAM_ID, property: 'is_muted', value: true }],
      [{ stream_id: STREAM_ID, property: 'pin_to_top', value: false }],
      [{ stream_id: STREAM_ID, property: 'color', value: '#336699' }],
    ]);
  });

  it('hands the parameters the server ignored to the caller', async () => {
    const result = await updateSubscriptionProperties(client, [
      { stream_id: STREAM_ID, property: 'desktop_notifications', value: false },
    ]);
    expect(result.ignoredParameters).toEqual(['frobnicate']);
  });
});

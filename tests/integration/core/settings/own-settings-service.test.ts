/**
 * The own settings asked for before the account's queue has registered: a short-lived queue
 * answers over real HTTP, and the server is left with no queue of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import type { AccountManager } from '../../../../src/core/accounts/manager.ts';
import { OwnSettingsService } from '../../../../src/core/settings/own-settings-service.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { byEmail, ok } from '../../server/messaging-client.ts';

let server: StartedServer;
let client: ApiClient;
afterEach(async () => {
  await client.close();
  await server.close();
});

describe('the own settings before the first registration', () => {
  it("reads the server's values and leaves no queue behind", async () => {
    server = await startServer({ rateLimit: false });
    const member = byEmail(server, 'member');
    await ok(server, member, 'PATCH', '/settings', { enter_sends: true });
    client = new ApiClient({ realmUrl: server.url, email: member.email, apiKey: member.api_key });
    const service = new OwnSettingsService(
      { clientFor: async () => ({ client }) } as unknown as Pick<AccountManager, 'clientFor'>,
      { modelOf: () => undefined },
    );
    const snapshot = await service.get('member');
    expect(snapshot.values['enter_sends']).toBe(true);
    expect(server.queues.size).toBe(0);
  });
});

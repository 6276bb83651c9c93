/** Typed API clients (src/api) for the reference server's users, closed after each test. */
import { afterEach } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import type { ServerUser } from '../../../src/server/index.ts';

/** Call at the top of a test file; `url` gives the current test's server address. */
export function useApiClients(url: () => string): (user: ServerUser) => ApiClient {
  const clients: ApiClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  return (user) => {
    const client = new ApiClient({ realmUrl: url(), email: user.email, apiKey: user.api_key });
    clients.push(client);
    return client;
  };
}

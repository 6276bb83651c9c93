/** Starts the reference server over loopback and builds API clients for its users. */
import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import { sendMessage } from '../../../src/api/routes/messages.ts';
import type { ApiClientOptions } from '../../../src/api/client.ts';
import { startServer } from '../../../src/server/index.ts';
import type { ServerOptions, ServerUser, StartedServer } from '../../../src/server/index.ts';

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

export function humanWithRole(server: StartedServer, role: number, nth = 0): ServerUser {
  const found = server.users.filter((u) => u.role === role && !u.is_bot)[nth];
  if (!found) throw new Error(`the reference server has no user with role ${role}`);
  return found;
}

export function clientFor(
  server: StartedServer,
  user: ServerUser,
  options: Partial<ApiClientOptions> = {},
): ApiClient {
  return new ApiClient({
    realmUrl: server.url,
    email: user.email,
    apiKey: user.api_key,
    ...options,
  });
}

export interface Harness {
  server: StartedServer;
  /** A client for the first human with the role; closed after the file's tests. */
  as(role: number, options?: Partial<ApiClientOptions>): ApiClient;
  asUser(user: ServerUser, options?: Partial<ApiClientOptions>): ApiClient;
}

/** One server per test file, started before and closed after its tests. */
export function useServer(options: ServerOptions = {}): Harness {
  const clients: ApiClient[] = [];
  let started: StartedServer | undefined;
  beforeAll(async () => {
    started = await startServer(options);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await started?.close();
  });
  const harness: Harness = {
    get server() {
      if (!started) throw new Error('server not started yet');
      return started;
    },
    asUser(user, clientOptions) {
      const client = clientFor(harness.server, user, clientOptions);
      clients.push(client);
      return client;
    },
    as(role, clientOptions) {
      return harness.asUser(humanWithRole(harness.server, role), clientOptions);
    },
  };
  return harness;
}

/** Posts to the fixed organization's `general` channel and returns the new message id. */
export async function postToGeneral(
  client: ApiClient,
  topic: string,
  content: string,
): Promise<number> {
  const sent = await sendMessage(client, { type: 'stream', to: 'general', topic, content });
  return sent.data.id;
}

/**
 * Gives a user an end-to-end-encrypted push device. Their registration endpoint is "not
 * shown" in the spec, so the test reaches into the server's state; returns the device id.
 */
export function addE2eePushDevice(server: StartedServer, userId: number, deviceId: number): number {
  server.state.users
    .get(userId)
    ?.push_devices.push({ device_id: deviceId, kind: 'e2ee', token: 'e2ee-token', appid: null });
  return deviceId;
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

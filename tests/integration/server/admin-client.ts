/**
 * Helpers for the admin-side server tests: users by role, unauthenticated requests and
 * an event queue to watch what a change tells each user.
 */
import type { ServerUser, StartedServer } from '../../../src/server/index.ts';
import { ok } from './messaging-client.ts';

export function byRole(server: StartedServer, role: number, nth = 0): ServerUser {
  const u = server.users.filter((x) => x.role === role && !x.is_bot)[nth];
  if (!u) throw new Error(`no user with role ${role}`);
  return u;
}

export function bot(server: StartedServer, botType: number): ServerUser {
  const u = server.users.find((x) => x.bot_type === botType);
  if (!u) throw new Error(`no bot of type ${botType}`);
  return u;
}

/** A request with exactly the given headers (no credentials unless passed). */
export async function raw(
  server: StartedServer,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers:
      body === undefined
        ? headers
        : { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers,
  };
}

export function basic(user: { email: string; api_key: string }): Record<string, string> {
  return {
    Authorization: `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`,
  };
}

/** A registered event queue whose pending events can be read without blocking. */
export interface Watcher {
  events(): Promise<Record<string, unknown>[]>;
}

export async function watch(
  server: StartedServer,
  user: ServerUser,
  eventTypes?: string[],
  clientCapabilities?: Record<string, boolean>,
): Promise<Watcher> {
  const reg = await ok(server, user, 'POST', '/register', {
    ...(eventTypes ? { event_types: eventTypes } : {}),
    ...(clientCapabilities ? { client_capabilities: clientCapabilities } : {}),
  });
  const queueId = reg.queue_id as string;
  return {
    async events() {
      const r = await ok(server, user, 'GET', '/events', {
        queue_id: queueId,
        dont_block: true,
        last_event_id: -1,
      });
      return (r.events as Record<string, unknown>[]).filter((e) => e.type !== 'heartbeat');
    },
  };
}

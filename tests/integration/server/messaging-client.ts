/**
 * A minimal client of the reference server for the messaging tests: Basic auth, the wire
 * encoding of docs/api-notes.md "Wire format" (query for GET, form body otherwise, JSON for
 * non-strings).
 */
import { afterEach } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { messaging } from '../../../src/server/messages/service.ts';
import type { UserRecord } from '../../../src/server/state/types.ts';

export interface Reply {
  status: number;
  body: Record<string, unknown> & { result: string; msg: string; code?: string };
  headers: Headers;
}

function encode(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

export async function call(
  server: StartedServer,
  user: ServerUser,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<Reply> {
  const auth = `Basic ${Buffer.from(`${user.email}:${user.api_key}`).toString('base64')}`;
  const encoded = encode(params);
  const url = `${server.url}/api/v1${path}${method === 'GET' && [...encoded].length > 0 ? `?${encoded}` : ''}`;
  const res = await fetch(url, {
    method,
    headers:
      method === 'GET'
        ? { Authorization: auth }
        : { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : encoded.toString(),
  });
  return { status: res.status, body: (await res.json()) as Reply['body'], headers: res.headers };
}

/** Like `call`, but fails the test unless the reply is a success. */
export async function ok(
  server: StartedServer,
  user: ServerUser,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const r = await call(server, user, method, path, params);
  if (r.body.result !== 'success')
    throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * For a file whose tests move the server's clock by hand: the function returned starts a fresh
 * reference server on a manual clock, rate limits off, and the server is closed after the test.
 */
export function useClockedServer(
  startMs?: number,
): () => Promise<{ server: StartedServer; clock: ManualClock }> {
  let current: StartedServer | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async () => {
    const clock = new ManualClock(startMs);
    current = await startServer({ rateLimit: false, clock });
    return { server: current, clock };
  };
}

export function byEmail(server: StartedServer, local: string): ServerUser {
  const u = [...server.users].find((x) => x.email.startsWith(`${local}@`));
  if (!u) throw new Error(`no user ${local}`);
  return u;
}

/** The events waiting in a queue, without blocking. */
export async function pending(
  server: StartedServer,
  user: ServerUser,
  queueId: unknown,
  lastEventId?: number,
): Promise<Record<string, unknown>[]> {
  const r = await ok(server, user, 'GET', '/events', {
    queue_id: queueId,
    dont_block: true,
    last_event_id: lastEventId,
  });
  return r.events as Record<string, unknown>[];
}

/** Sends a message and returns its id: to a channel name with a topic, or to user ids. */
export async function send(
  server: StartedServer,
  from: ServerUser,
  to: string | number[],
  content: string,
  topic = 't',
): Promise<number> {
  const params =
    typeof to === 'string'
      ? { type: 'stream', to, topic, content }
      : { type: 'direct', to, content };
  return (await ok(server, from, 'POST', '/messages', params)).id as number;
}

/**
 * Posts `count` messages, each on a topic of its own in `channel`, from `from` to `to`
 * straight into the server's state: thousands of posts over HTTP would only be slower.
 */
export function seedTopics(
  server: StartedServer,
  from: ServerUser,
  to: ServerUser,
  channel: string,
  count: number,
): void {
  const stream = [...server.state.channels.values()].find((s) => s.name === channel)!;
  const sender = server.state.users.get(from.user_id) as UserRecord;
  for (let i = 0; i < count; i++) {
    messaging(server.ctx).send(
      { sender, streamId: stream.stream_id, topic: `topic ${i}`, content: `number ${i}` },
      [from.user_id, to.user_id],
    );
  }
}

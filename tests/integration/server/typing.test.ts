/** POST /typing over HTTP: who receives the `typing` events, and in what shape. */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import { UnsupportedByServerError } from '../../../src/api/errors.ts';
import { setTypingStatus } from '../../../src/api/routes/typing.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending } from './messaging-client.ts';

let server: StartedServer;
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

async function setup(featureLevel?: number) {
  server = await startServer({ rateLimit: false, ...(featureLevel ? { featureLevel } : {}) });
  const queues = new Map<string, unknown>();
  for (const local of ['owner', 'admin', 'member', 'moderator']) {
    const reg = await ok(server, byEmail(server, local), 'POST', '/register', {
      event_types: ['typing'],
    });
    queues.set(local, reg.queue_id);
  }
  const typingOf = (local: string) =>
    pending(server, byEmail(server, local), queues.get(local)).then((events) =>
      events.filter((e) => e.type === 'typing'),
    );
  return { typingOf };
}

function clientOf(user: ServerUser): ApiClient {
  const client = new ApiClient({ realmUrl: server.url, email: user.email, apiKey: user.api_key });
  clients.push(client);
  return client;
}

const person = (u: ServerUser) => ({ user_id: u.user_id, email: u.email });

describe('POST /typing', () => {
  it("tells a direct message's participants, the typist included, and no one else", async () => {
    const { typingOf } = await setup();
    const member = byEmail(server, 'member');
    const owner = byEmail(server, 'owner');
    await setTypingStatus(clientOf(member), 'start', { type: 'direct', userIds: [owner.user_id] });
    await setTypingStatus(clientOf(member), 'stop', { type: 'direct', userIds: [owner.user_id] });

    const expected = (op: string) => ({
      type: 'typing',
      op,
      message_type: 'direct',
      sender: person(member),
      recipients: expect.arrayContaining([person(member), person(owner)]),
    });
    expect(await typingOf('owner')).toEqual([
      expect.objectContaining(expected('start')),
      expect.objectContaining(expected('stop')),
    ]);
    expect(await typingOf('member')).toHaveLength(2);
    expect(await typingOf('admin')).toEqual([]);
  });

  it("tells a channel topic's other subscribers, not the typist or those outside", async () => {
    const { typingOf } = await setup();
    const admin = byEmail(server, 'admin');
    const dev = [...server.state.channels.values()].find((c) => c.name === 'development')!;
    await setTypingStatus(clientOf(admin), 'start', {
      type: 'stream',
      streamId: dev.stream_id,
      topic: 'release',
    });
    expect(await typingOf('owner')).toEqual([
      expect.objectContaining({
        type: 'typing',
        op: 'start',
        message_type: 'stream',
        sender: person(admin),
        stream_id: dev.stream_id,
        topic: 'release',
      }),
    ]);
    expect(await typingOf('member')).toHaveLength(1);
    expect(await typingOf('admin')).toEqual([]);
    // The moderator is not subscribed to development.
    expect(await typingOf('moderator')).toEqual([]);
  });

  it('answers bad requests as the widely deployed server does', async () => {
    await setup();
    const member = byEmail(server, 'member');
    const missingChannel = await call(server, member, 'POST', '/typing', {
      op: 'start',
      type: 'stream',
      topic: 'x',
    });
    expect(missingChannel.status).toBe(400);
    expect(missingChannel.body.msg).toBe('Missing channel ID');
    const badOp = await call(server, member, 'POST', '/typing', { op: 'maybe', to: [1] });
    expect(badOp.status).toBe(400);
    const nobody = await call(server, member, 'POST', '/typing', { op: 'start', to: [99999] });
    expect(nobody.body.msg).toBe('Invalid user ID 99999');
  });

  it('refuses channel typing before FL 215 without asking the server', async () => {
    await setup(200);
    const member = byEmail(server, 'member');
    await expect(
      setTypingStatus(clientOf(member), 'start', { type: 'stream', streamId: 1, topic: 'x' }),
    ).rejects.toBeInstanceOf(UnsupportedByServerError);
  });
});

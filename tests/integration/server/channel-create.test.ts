/**
 * POST /channels/create (upstream create-channel, FL 417) over real HTTP: who may create, a
 * name in use, subscribers, and who hears of a new channel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const created = (events: Record<string, unknown>[]) =>
  events
    .filter((e) => e.type === 'stream' && e.op === 'create')
    .flatMap((e) => (e.streams as { name: string }[]).map((s) => s.name));

describe('POST /channels/create', () => {
  it('owner, administrator and member create channels; everyone hears of a public one, only subscribers and admins of a private one', async () => {
    server = await startServer({ rateLimit: false });
    const [owner, admin, member, guest] = [100, 200, 400, 600].map((r) => byRole(server, r));
    const watchers = {
      admin: await watch(server, admin!, ['stream']),
      other: await watch(server, byRole(server, 400, 1), ['stream']),
    };
    const ownerBody = await ok(server, owner!, 'POST', '/channels/create', {
      name: 'by-owner',
      description: 'From the owner',
    });
    const channel = server.state.channelByName('by-owner')!;
    expect(ownerBody.id).toBe(channel.stream_id);
    expect(channel.description).toBe('From the owner');
    // The caller is subscribed only when named.
    expect(server.state.subscription(owner!.user_id, channel.stream_id)).toBeFalsy();

    await ok(server, admin!, 'POST', '/channels/create', { name: 'by-admin' });
    await ok(server, member!, 'POST', '/channels/create', {
      name: 'secret-plans',
      invite_only: true,
      subscribers: [member!.user_id],
    });
    const secret = server.state.channelByName('secret-plans')!;
    expect(secret.invite_only).toBe(true);
    expect(server.state.subscription(member!.user_id, secret.stream_id)).toBeTruthy();

    expect(created(await watchers.admin.events())).toEqual([
      'by-owner',
      'by-admin',
      'secret-plans',
    ]);
    expect(created(await watchers.other.events())).toEqual(['by-owner', 'by-admin']);

    const refused = await call(server, guest!, 'POST', '/channels/create', { name: 'by-guest' });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(server.state.channelByName('by-guest')).toBeUndefined();
  });

  it('a name in use is CHANNEL_ALREADY_EXISTS (409); a member the organization does not let subscribe others is refused; nothing is created', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const taken = await call(server, member, 'POST', '/channels/create', { name: 'general' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'CHANNEL_ALREADY_EXISTS',
      msg: "Channel 'general' already exists",
    });
    server.state.realm.can_add_subscribers_group =
      server.state.systemGroup('role:administrators')!.id;
    const before = server.state.channels.size;
    const others = await call(server, member, 'POST', '/channels/create', {
      name: 'for-others',
      subscribers: [byRole(server, 400, 1).user_id],
    });
    expect(others.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const unknown = await call(server, member, 'POST', '/channels/create', {
      name: 'for-nobody',
      subscribers: [987654],
    });
    expect(unknown.body.msg).toBe('Invalid user ID: 987654');
    expect(server.state.channels.size).toBe(before);
  });

  it('does not exist before FL 417', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 416 });
    const r = await call(server, byRole(server, 100), 'POST', '/channels/create', { name: 'x' });
    expect(r.body.result).toBe('error');
    expect(server.state.channelByName('x')).toBeUndefined();
  });
});

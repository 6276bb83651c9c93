/**
 * Who may create channels, over real HTTP. The realm's group settings (FL 264 / 266), their
 * older policy enums and the user's own can_create_*_streams in register; PATCH /realm changes
 * them with a `realm` event; subscribing to a new name and POST /channels/create both follow
 * them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const group = (name: string) => server.state.systemGroup(name)!.id;

describe('channel creation policy', () => {
  it('register says members may create both kinds; the user-level flags agree; a guest may not', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const guest = byRole(server, 600);
    const reg = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['realm', 'realm_user'],
    });
    expect(reg.realm_can_create_public_channel_group).toBe(group('role:members'));
    expect(reg.realm_can_create_private_channel_group).toBe(group('role:members'));
    expect(reg).toMatchObject({
      can_create_public_streams: true,
      can_create_private_streams: true,
    });
    const guestReg = await ok(server, guest, 'POST', '/register', {
      fetch_event_types: ['realm_user'],
    });
    expect(guestReg).toMatchObject({
      can_create_public_streams: false,
      can_create_private_streams: false,
    });
  });

  it('an administrator limits private channels to administrators: everyone hears it, a member is refused both ways, public ones still work', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const member = byRole(server, 400);
    const watcher = await watch(server, member, ['realm']);
    const refusedToMember = await call(server, member, 'PATCH', '/realm', {
      can_create_private_channel_group: group('role:members'),
    });
    expect(refusedToMember.body.result).toBe('error');

    await ok(server, admin, 'PATCH', '/realm', {
      can_create_private_channel_group: group('role:administrators'),
    });
    expect(await watcher.events()).toEqual([
      expect.objectContaining({
        type: 'realm',
        op: 'update_dict',
        data: { can_create_private_channel_group: group('role:administrators') },
      }),
    ]);

    const bySubscribe = await call(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'hush' }],
      invite_only: true,
    });
    expect(bySubscribe.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const byCreate = await call(server, member, 'POST', '/channels/create', {
      name: 'hush',
      invite_only: true,
    });
    expect(byCreate.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(server.state.channelByName('hush')).toBeUndefined();

    await ok(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'open-plan' }],
    });
    expect(server.state.channelByName('open-plan')?.invite_only).toBe(false);
    await ok(server, admin, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'hush' }],
      invite_only: true,
    });
    expect(server.state.channelByName('hush')?.invite_only).toBe(true);

    const reg = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['realm_user'],
    });
    expect(reg).toMatchObject({
      can_create_public_streams: true,
      can_create_private_streams: false,
    });
  });

  it('before the group settings (FL 263) register carries the policy enums instead', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 263 });
    const member = byRole(server, 400);
    const reg = await ok(server, member, 'POST', '/register', { fetch_event_types: ['realm'] });
    expect(reg.realm_can_create_public_channel_group).toBeUndefined();
    expect(reg.realm_create_public_stream_policy).toBe(1);
    expect(reg.realm_create_private_stream_policy).toBe(1);
  });
});

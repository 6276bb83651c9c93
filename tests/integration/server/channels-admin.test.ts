import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const OWNER = 100;
const ADMIN = 200;
const MEMBER = 400;

function channelId(name: string): number {
  const c = server.state.channelByName(name);
  if (!c) throw new Error(`no channel ${name}`);
  return c.stream_id;
}

function groupId(name: string): number {
  const g = [...server.state.userGroups.values()].find((x) => x.name === name);
  if (!g) throw new Error(`no group ${name}`);
  return g.id;
}

describe('GET /streams', () => {
  it('gives administrators every channel with include_all, archived ones on request', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, ADMIN);
    await ok(server, admin, 'DELETE', `/streams/${channelId('development')}`);
    const all = await ok(server, admin, 'GET', '/streams', {
      include_all: true,
      exclude_archived: false,
    });
    const names = (all.streams as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['general', 'development', 'leadership']));
    const active = await ok(server, admin, 'GET', '/streams', { include_all: true });
    expect((active.streams as { name: string }[]).map((s) => s.name)).not.toContain('development');
    expect((active.streams as { subscriber_count: number }[])[0]?.subscriber_count).toBeTypeOf(
      'number',
    );
  });

  it('refuses include_all to a member and shows them no private channel', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, MEMBER);
    const refused = await call(server, member, 'GET', '/streams', { include_all: true });
    expect(refused.body).toMatchObject({
      result: 'error',
      msg: 'User not authorized for this query',
    });
    const mine = await ok(server, member, 'GET', '/streams');
    expect((mine.streams as { name: string }[]).map((s) => s.name)).not.toContain('leadership');
  });
});

describe('PATCH /streams/{stream_id}', () => {
  it.each([OWNER, ADMIN])(
    'role %i renames and describes; subscribers get stream updates',
    async (role) => {
      server = await startServer({ rateLimit: false });
      const member = byRole(server, MEMBER);
      const events = await watch(server, member, ['stream']);
      const id = channelId('general');
      await ok(server, byRole(server, role), 'PATCH', `/streams/${id}`, {
        new_name: 'town square',
        description: 'Everyone, **everything**',
      });
      expect(server.state.channels.get(id)).toMatchObject({
        name: 'town square',
        description: 'Everyone, **everything**',
      });
      const seen = await events.events();
      expect(seen).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            op: 'update',
            stream_id: id,
            property: 'name',
            value: 'town square',
          }),
          expect.objectContaining({ op: 'update', stream_id: id, property: 'description' }),
        ]),
      );
    },
  );

  it('refuses a member and changes nothing', async () => {
    server = await startServer({ rateLimit: false });
    const id = channelId('general');
    const r = await call(server, byRole(server, MEMBER), 'PATCH', `/streams/${id}`, {
      new_name: 'mine now',
      is_private: true,
    });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(server.state.channels.get(id)).toMatchObject({ name: 'general', invite_only: false });
  });

  it('makes a channel private and public again, with the privacy event', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, ADMIN);
    const events = await watch(server, admin, ['stream']);
    const id = channelId('general');
    await ok(server, admin, 'PATCH', `/streams/${id}`, {
      is_private: true,
      history_public_to_subscribers: false,
    });
    expect(server.state.channels.get(id)).toMatchObject({
      invite_only: true,
      history_public_to_subscribers: false,
    });
    const bad = await call(server, admin, 'PATCH', `/streams/${id}`, {
      is_private: false,
      history_public_to_subscribers: false,
    });
    expect(bad.body.result).toBe('error');
    expect(server.state.channels.get(id)?.invite_only).toBe(true);
    await ok(server, admin, 'PATCH', `/streams/${id}`, { is_private: false });
    expect(server.state.channels.get(id)).toMatchObject({
      invite_only: false,
      history_public_to_subscribers: true,
    });
    expect(await events.events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          op: 'update',
          property: 'invite_only',
          value: true,
          history_public_to_subscribers: false,
        }),
        expect.objectContaining({
          op: 'update',
          property: 'invite_only',
          value: false,
          history_public_to_subscribers: true,
        }),
      ]),
    );
  });

  it('puts a channel in a folder and sets who may remove subscribers', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, ADMIN);
    const id = channelId('general');
    const folder = [...server.state.channelFolders.values()][0]!.channel_folder_id;
    const moderators = groupId('role:moderators');
    const current = server.state.channels.get(id)!.can_remove_subscribers_group;
    await ok(server, admin, 'PATCH', `/streams/${id}`, {
      folder_id: folder,
      can_remove_subscribers_group: { new: moderators, old: current },
    });
    expect(server.state.channels.get(id)).toMatchObject({
      folder_id: folder,
      can_remove_subscribers_group: moderators,
    });
    // A second admin's save made from the old value is refused, not applied over the first.
    const stale = await call(server, byRole(server, OWNER), 'PATCH', `/streams/${id}`, {
      can_remove_subscribers_group: { new: groupId('role:owners'), old: current },
    });
    expect(stale.body.result).toBe('error');
    expect(server.state.channels.get(id)?.can_remove_subscribers_group).toBe(moderators);
    await ok(server, admin, 'PATCH', `/streams/${id}`, { folder_id: null });
    expect(server.state.channels.get(id)?.folder_id).toBeNull();
  });

  it('has no folder_id before feature level 389', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 388 });
    const id = channelId('general');
    const folder = [...server.state.channelFolders.values()][0]!.channel_folder_id;
    await call(server, byRole(server, ADMIN), 'PATCH', `/streams/${id}`, { folder_id: folder });
    expect(server.state.channels.get(id)?.folder_id).toBeNull();
  });
});

describe('archive and unarchive', () => {
  it.each([OWNER, ADMIN])(
    'role %i archives (stream delete) and unarchives (stream create)',
    async (role) => {
      server = await startServer({ rateLimit: false });
      const user = byRole(server, role);
      const events = await watch(server, byRole(server, MEMBER), ['stream']);
      const id = channelId('general');
      await ok(server, user, 'DELETE', `/streams/${id}`);
      expect(server.state.channels.get(id)?.is_archived).toBe(true);
      await ok(server, user, 'PATCH', `/streams/${id}`, { is_archived: false });
      expect(server.state.channels.get(id)?.is_archived).toBe(false);
      const ops = (await events.events()).map((e) => e.op);
      expect(ops).toEqual(['delete', 'create']);
    },
  );

  it('refuses a member and leaves the channel active', async () => {
    server = await startServer({ rateLimit: false });
    const id = channelId('general');
    const r = await call(server, byRole(server, MEMBER), 'DELETE', `/streams/${id}`);
    expect(r.body).toMatchObject({ result: 'error', msg: 'Must be an organization administrator' });
    expect(server.state.channels.get(id)?.is_archived).toBe(false);
  });
});

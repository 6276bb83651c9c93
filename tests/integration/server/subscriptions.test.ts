import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { bot, byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

type Sub = Record<string, unknown>;

async function subs(
  user = byRole(server, 400),
  params: Record<string, unknown> = {},
): Promise<Sub[]> {
  return (await ok(server, user, 'GET', '/users/me/subscriptions', params)).subscriptions as Sub[];
}

function channelId(name: string): number {
  const c = server.state.channelByName(name);
  if (!c) throw new Error(`no channel ${name}`);
  return c.stream_id;
}

describe('GET /users/me/subscriptions', () => {
  it('returns the caller’s subscriptions with the fields of spec 2.4, subscribers when asked', async () => {
    server = await startServer({ rateLimit: false });
    const list = await subs();
    expect(list.map((s) => s.name).sort()).toEqual(['development', 'general']);
    const general = list.find((s) => s.name === 'general');
    expect(general).toMatchObject({
      stream_id: channelId('general'),
      invite_only: false,
      is_muted: false,
      pin_to_top: false,
      desktop_notifications: null,
      color: expect.stringMatching(/^#/),
    });
    expect(general).not.toHaveProperty('subscribers');
    const withSubs = await subs(undefined, { include_subscribers: true });
    expect(withSubs.find((s) => s.name === 'general')?.subscribers).toHaveLength(6);
  });
});

describe('POST /users/me/subscriptions', () => {
  it('subscribes the caller, creates a missing channel, and tells subscriber and peers', async () => {
    server = await startServer({ rateLimit: false });
    const [member, member2] = [byRole(server, 400), byRole(server, 400, 1)];
    const mine = await watch(server, member2, ['subscription', 'stream']);
    const peer = await watch(server, member, ['subscription', 'stream']);
    const body = await ok(server, member2, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'general' }, { name: 'brand-new', description: 'Fresh' }],
    });
    expect(body.subscribed).toEqual({ [String(member2.user_id)]: ['brand-new'] });
    expect(body.already_subscribed).toEqual({ [String(member2.user_id)]: ['general'] });
    expect((await subs(member2)).map((s) => s.name)).toContain('brand-new');
    const events = await mine.events();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'subscription',
        op: 'add',
        subscriptions: [expect.objectContaining({ name: 'brand-new' })],
      }),
    );
    const peerEvents = await peer.events();
    expect(peerEvents).toContainEqual(expect.objectContaining({ type: 'stream', op: 'create' }));
    expect(peerEvents).toContainEqual(
      expect.objectContaining({ op: 'peer_add', user_ids: [member2.user_id] }),
    );
  });

  it('subscribes others through principals and refuses private channels the caller cannot reach', async () => {
    server = await startServer({ rateLimit: false });
    const [member, guest] = [byRole(server, 400), byRole(server, 600)];
    await ok(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'development' }],
      principals: [guest.user_id],
    });
    expect((await subs(guest)).map((s) => s.name)).toContain('development');
    const privateChannel = await call(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'leadership' }],
    });
    expect(privateChannel.body.code).toBe('BAD_REQUEST');
    const soft = await ok(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'leadership' }],
      authorization_errors_fatal: false,
    });
    expect(soft.unauthorized).toEqual(['leadership']);
    const guestOthers = await call(server, guest, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'general' }],
      principals: [member.user_id],
    });
    expect(guestOthers.body.code).toBe('BAD_REQUEST');
  });
});

describe('DELETE /users/me/subscriptions (spec 4.9)', () => {
  it('unsubscribes the caller, reporting removed and not_removed', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const w = await watch(server, member, ['subscription']);
    const body = await ok(server, member, 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['development'],
    });
    expect(body).toMatchObject({ removed: ['development'], not_removed: [] });
    const again = await ok(server, member, 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['development'],
    });
    expect(again).toMatchObject({ removed: [], not_removed: ['development'] });
    expect(await w.events()).toContainEqual(
      expect.objectContaining({
        op: 'remove',
        subscriptions: [{ stream_id: channelId('development'), name: 'development' }],
      }),
    );
  });

  it('gives STREAM_DOES_NOT_EXIST with the channel name for an unknown channel', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 400), 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['nowhere'],
    });
    expect([r.status, r.body.code, r.body.stream]).toEqual([
      400,
      'STREAM_DOES_NOT_EXIST',
      'nowhere',
    ]);
  });

  it('lets administrators and bot owners remove others, and nobody else', async () => {
    server = await startServer({ rateLimit: false });
    const [admin, member, member2] = [
      byRole(server, 200),
      byRole(server, 400),
      byRole(server, 400, 1),
    ];
    const denied = await call(server, member, 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['general'],
      principals: [member2.user_id],
    });
    expect(denied.body.code).toBe('BAD_REQUEST');
    await ok(server, admin, 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['general'],
      principals: [member2.email],
    });
    expect((await subs(member2)).map((s) => s.name)).not.toContain('general');
    const generic = bot(server, 1);
    await ok(server, member, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'general' }],
      principals: [generic.user_id],
    });
    const owned = await ok(server, member, 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['general'],
      principals: [generic.user_id],
    });
    expect(owned.removed).toEqual(['general']);
  });

  it('lets members of can_remove_subscribers_group remove others', async () => {
    server = await startServer({ rateLimit: false });
    const [member, member2] = [byRole(server, 400), byRole(server, 400, 1)];
    const general = server.state.channelByName('general');
    const everyone = [...server.state.userGroups.values()].find((g) => g.name === 'role:members');
    if (!general || !everyone) throw new Error('fixture');
    general.can_remove_subscribers_group = everyone.id;
    const r = await ok(server, member, 'DELETE', '/users/me/subscriptions', {
      subscriptions: ['general'],
      principals: [member2.user_id],
    });
    expect(r.removed).toEqual(['general']);
  });

  it('lets a channel administrator remove others since FL 349', async () => {
    for (const [featureLevel, expected] of [
      [349, 'success'],
      [348, 'error'],
    ] as const) {
      server = await startServer({ rateLimit: false, featureLevel });
      const [member, member2] = [byRole(server, 400), byRole(server, 400, 1)];
      server.state.channelByName('general')?.channel_admins.add(member.user_id);
      const r = await call(server, member, 'DELETE', '/users/me/subscriptions', {
        subscriptions: ['general'],
        principals: [member2.user_id],
      });
      expect(r.body.result).toBe(expected);
      if (featureLevel === 349) await server.close();
    }
  });

  it('answers a deactivated or unknown principal with 400 BAD_REQUEST, 403 UNAUTHORIZED_PRINCIPAL before FL 208', async () => {
    for (const [featureLevel, status, code] of [
      [496, 400, 'BAD_REQUEST'],
      [207, 403, 'UNAUTHORIZED_PRINCIPAL'],
    ] as const) {
      server = await startServer({ rateLimit: false, featureLevel });
      const former = server.deactivatedUsers[0]?.user_id;
      const r = await call(server, byRole(server, 200), 'DELETE', '/users/me/subscriptions', {
        subscriptions: ['general'],
        principals: [former],
      });
      expect([r.status, r.body.code]).toEqual([status, code]);
      const unknown = await call(server, byRole(server, 200), 'DELETE', '/users/me/subscriptions', {
        subscriptions: ['general'],
        principals: ['ghost@perch.test'],
      });
      expect(unknown.body.code).toBe(code);
      if (featureLevel === 496) await server.close();
    }
  });
});

describe('subscription properties (spec 4.11)', () => {
  it('updates several properties at once with one event per property', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const w = await watch(server, member, ['subscription']);
    const general = channelId('general');
    await ok(server, member, 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: general, property: 'color', value: '#AABBCC' },
        { stream_id: general, property: 'desktop_notifications', value: true },
        { stream_id: general, property: 'pin_to_top', value: true },
      ],
    });
    expect((await subs()).find((s) => s.stream_id === general)).toMatchObject({
      color: '#aabbcc',
      desktop_notifications: true,
      pin_to_top: true,
    });
    expect((await w.events()).map((e) => [e.property, e.value])).toEqual([
      ['color', '#aabbcc'],
      ['desktop_notifications', true],
      ['pin_to_top', true],
    ]);
  });

  it('sends in_home_view and is_muted as two events when muting (FL 139), one before', async () => {
    for (const [featureLevel, expected] of [
      [
        496,
        [
          ['in_home_view', false],
          ['is_muted', true],
        ],
      ],
      [138, [['is_muted', true]]],
    ] as const) {
      server = await startServer({ rateLimit: false, featureLevel });
      const member = byRole(server, 400);
      const w = await watch(server, member, ['subscription']);
      await ok(server, member, 'PATCH', `/users/me/subscriptions/${channelId('general')}`, {
        property: 'is_muted',
        value: true,
      });
      expect((await w.events()).map((e) => [e.property, e.value])).toEqual(expected);
      if (featureLevel === 496) await server.close();
    }
  });

  it('treats in_home_view as the inverse of is_muted', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    await ok(server, member, 'PATCH', `/users/me/subscriptions/${channelId('general')}`, {
      property: 'in_home_view',
      value: false,
    });
    expect((await subs()).find((s) => s.name === 'general')?.is_muted).toBe(true);
  });

  it('rejects unknown properties, wrong value types, and channels the caller is not subscribed to', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const general = channelId('general');
    const path = `/users/me/subscriptions/${general}`;
    expect(
      (await call(server, member, 'PATCH', path, { property: 'volume', value: true })).body.code,
    ).toBe('BAD_REQUEST');
    expect(
      (await call(server, member, 'PATCH', path, { property: 'color', value: 'red' })).body.msg,
    ).toContain('color');
    expect(
      (await call(server, member, 'PATCH', path, { property: 'pin_to_top', value: '"yes"' })).body
        .msg,
    ).toContain('pin_to_top');
    expect(
      (await call(server, member, 'PATCH', path, { property: 'pin_to_top' })).body.var_name,
    ).toBe('value');
    const notSubscribed = await call(
      server,
      member,
      'PATCH',
      `/users/me/subscriptions/${channelId('leadership')}`,
      { property: 'pin_to_top', value: true },
    );
    expect(notSubscribed.body.code).toBe('BAD_REQUEST');
    expect(
      (
        await call(server, member, 'PATCH', '/users/me/subscriptions/9999', {
          property: 'pin_to_top',
          value: true,
        })
      ).body.code,
    ).toBe('BAD_REQUEST');
  });
});

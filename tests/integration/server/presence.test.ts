/**
 * Presence over HTTP (upstream's update-presence, get-presence, get-user-presence and the
 * `presence` event), through the typed bindings, on a manual clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api/errors.ts';
import {
  getRealmPresence,
  getUserPresence,
  updatePresence,
  type UpdatePresenceParams,
} from '../../../src/api/routes/presence.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { presenceOf } from '../../../src/server/presence/store.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { watch } from './admin-client.ts';
import { useApiClients } from './api-clients.ts';
import { byEmail, call, ok } from './messaging-client.ts';

let server: StartedServer;
let clock: ManualClock;
afterEach(async () => {
  await server.close();
});

async function setup(featureLevel?: number) {
  clock = new ManualClock();
  server = await startServer({
    rateLimit: false,
    clock,
    ...(featureLevel ? { featureLevel } : {}),
  });
  return { member: byEmail(server, 'member'), owner: byEmail(server, 'owner') };
}

const clientOf = useApiClients(() => server.url);

const nowSec = () => Math.floor(clock.now() / 1000);

/** POST /users/me/presence as `user`, through the typed binding. */
async function report(user: ServerUser, params: UpdatePresenceParams) {
  return (await updatePresence(clientOf(user), params)).data;
}

describe('POST /users/me/presence', () => {
  it('records "active" and returns every user\'s presence in the modern format with last_update_id', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    const t = nowSec();
    const r = await report(owner, { status: 'idle', last_update_id: -1 });
    expect(r.presences).toEqual({
      [String(member.user_id)]: { active_timestamp: t, idle_timestamp: t },
      // An owner who has only ever been idle: connected now, never active.
      [String(owner.user_id)]: { active_timestamp: 0, idle_timestamp: t },
    });
    expect(r.presence_last_update_id).toBeGreaterThan(0);
    expect(typeof r.server_timestamp).toBe('number');
  });

  it('returns only what changed after the last_update_id the client passes back', async () => {
    const { member, owner } = await setup();
    const first = await report(owner, { status: 'active', last_update_id: -1 });
    const again = await report(owner, {
      status: 'active',
      last_update_id: first.presence_last_update_id!,
    });
    // The owner's own ping is the only change since.
    expect(Object.keys(again.presences ?? {})).toEqual([String(owner.user_id)]);
    await report(member, { status: 'idle', ping_only: true });
    const third = await report(owner, {
      status: 'active',
      ping_only: true,
    });
    expect(third).not.toHaveProperty('presences');
    const fourth = await report(owner, {
      status: 'active',
      last_update_id: again.presence_last_update_id!,
    });
    expect(Object.keys(fourth.presences ?? {}).sort()).toEqual(
      [String(member.user_id), String(owner.user_id)].sort(),
    );
    expect(fourth.presence_last_update_id).toBeGreaterThan(again.presence_last_update_id!);
  });

  it('answers the legacy format keyed by email without last_update_id or slim_presence', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active' });
    const r = await report(owner, { status: 'idle' });
    const t = nowSec();
    expect(r.presences?.[member.email]).toEqual({
      website: { client: 'website', status: 'active', timestamp: t, pushable: false },
      aggregated: { client: 'website', status: 'active', timestamp: t },
    });
    const slim = await report(owner, { status: 'idle', slim_presence: true });
    expect(slim.presences?.[String(member.user_id)]).toEqual({
      active_timestamp: t,
      idle_timestamp: t,
    });
  });

  it('leaves out presence older than history_limit_days', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    await clock.advance(3 * 86_400_000);
    const short = await report(owner, {
      status: 'active',
      last_update_id: -1,
      history_limit_days: 2,
    });
    expect(short.presences).not.toHaveProperty(String(member.user_id));
    const long = await report(owner, {
      status: 'active',
      last_update_id: -1,
      history_limit_days: 5,
    });
    expect(long.presences).toHaveProperty(String(member.user_id));
  });

  it('refuses a missing or unknown status', async () => {
    const { member } = await setup();
    const none = await call(server, member, 'POST', '/users/me/presence', {});
    expect(none.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'status' });
    await expect(updatePresence(clientOf(member), { status: 'away' as 'idle' })).rejects.toThrow(
      'Invalid status: away',
    );
  });

  it('has no presence_last_update_id before feature level 263', async () => {
    const { owner } = await setup(250);
    const r = await ok(server, owner, 'POST', '/users/me/presence', {
      status: 'active',
      last_update_id: -1,
    });
    expect(r).not.toHaveProperty('presence_last_update_id');
    // Without the parameter the server answers the legacy format.
    expect(r.presences).toHaveProperty(owner.email);
  });
});

describe('presence events', () => {
  it('tell other users when someone comes online, in the modern shape for simplified_presence_events', async () => {
    const { member, owner } = await setup();
    const modern = await ok(server, owner, 'POST', '/register', {
      event_types: ['presence'],
      client_capabilities: { simplified_presence_events: true },
    });
    const legacy = await watch(server, owner, ['presence']);
    await report(member, { status: 'active', ping_only: true });
    const t = nowSec();
    const modernEvents = await ok(server, owner, 'GET', '/events', {
      queue_id: modern.queue_id,
      dont_block: true,
    });
    expect(modernEvents.events).toEqual([
      {
        id: 0,
        type: 'presence',
        presences: { [String(member.user_id)]: { active_timestamp: t, idle_timestamp: t } },
      },
    ]);
    expect(await legacy.events()).toEqual([
      {
        id: 0,
        type: 'presence',
        user_id: member.user_id,
        email: member.email,
        server_timestamp: t,
        presence: {
          website: { client: 'website', status: 'active', timestamp: t, pushable: false },
        },
      },
    ]);
  });

  it('are not sent for a ping from someone already online, but are when they come back after the offline threshold', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    const watcher = await watch(server, owner, ['presence']);
    await clock.advance(60_000);
    await report(member, { status: 'active', ping_only: true });
    expect(await watcher.events()).toEqual([]);
    await clock.advance(200_000);
    await report(member, { status: 'idle', ping_only: true });
    expect(await watcher.events()).toMatchObject([{ type: 'presence', user_id: member.user_id }]);
  });
});

describe('presence_enabled off (invisible mode)', () => {
  it('shows the user offline to others: no presence data, no events, and an offline event when turned off', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    const watcher = await watch(server, owner, ['presence']);
    await ok(server, member, 'PATCH', '/settings', { presence_enabled: false });
    expect(await watcher.events()).toMatchObject([
      { type: 'presence', user_id: member.user_id, presence: { website: { timestamp: 0 } } },
    ]);
    await report(member, { status: 'active', ping_only: true });
    const r = await report(owner, { status: 'active', last_update_id: -1 });
    expect(r.presences).not.toHaveProperty(String(member.user_id));
    await expect(getUserPresence(clientOf(owner), member.user_id)).rejects.toThrow(
      `No presence data for ${member.user_id}`,
    );
    // Only the "turned off" event: the ping while invisible told no one.
    const aboutMember = (await watcher.events()).filter((e) => e.user_id === member.user_id);
    expect(aboutMember).toHaveLength(1);
  });

  it('hides everyone when the organization disables presence', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    presenceOf(server.state).realmDisabled = true;
    const r = await report(owner, { status: 'active', last_update_id: -1 });
    expect(r.presences).toEqual({});
    expect(r.presence_last_update_id).toBe(-1);
    const reg = await ok(server, owner, 'POST', '/register', { fetch_event_types: ['realm'] });
    expect(reg.realm_presence_disabled).toBe(true);
  });
});

describe('GET /realm/presence', () => {
  it('returns the presence of all users in the organization, keyed by email', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'idle', ping_only: true });
    const t = nowSec();
    const r = (await getRealmPresence(clientOf(owner))).data;
    expect(r.presences).toEqual({
      [member.email]: {
        website: { client: 'website', status: 'idle', timestamp: t, pushable: false },
        aggregated: { client: 'website', status: 'idle', timestamp: t },
      },
    });
    expect(r.server_timestamp).toBeCloseTo(clock.now() / 1000);
  });
});

describe('GET /users/{user_id_or_email}/presence', () => {
  it('gets the presence status for a specific user by id or email', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    const byId = (await getUserPresence(clientOf(owner), member.user_id)).data;
    const byMail = (await getUserPresence(clientOf(owner), member.email)).data;
    expect(byId.presence).toEqual(byMail.presence);
    expect(byId.presence.aggregated).toMatchObject({ status: 'active', timestamp: nowSec() });
  });

  it('refuses unknown users, bots and users without presence data', async () => {
    const { owner } = await setup();
    const err = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => e as ApiError,
      );
    expect((await err(getUserPresence(clientOf(owner), 99_999)))?.msg).toBe('No such user');
    const botUser = server.state.activeUsers().find((u) => u.is_bot)!;
    expect((await err(getUserPresence(clientOf(owner), botUser.user_id)))?.msg).toBe(
      'Presence is not supported for bot users.',
    );
    const member = byEmail(server, 'member');
    expect((await err(getUserPresence(clientOf(owner), member.email)))?.msg).toBe(
      `No presence data for ${member.email}`,
    );
  });
});

describe('register', () => {
  it('returns presences, presence_last_update_id and server_timestamp for fetch_event_types presence', async () => {
    const { member, owner } = await setup();
    await report(member, { status: 'active', ping_only: true });
    const t = nowSec();
    const slim = await ok(server, owner, 'POST', '/register', {
      fetch_event_types: ['presence', 'realm'],
      slim_presence: true,
    });
    expect(slim.presences).toEqual({
      [String(member.user_id)]: { active_timestamp: t, idle_timestamp: t },
    });
    expect(slim.presence_last_update_id).toBe(presenceOf(server.state).lastUpdateId);
    expect(slim.server_timestamp).toBeCloseTo(clock.now() / 1000);
    expect(slim.server_presence_ping_interval_seconds).toBe(60);
    expect(slim.server_presence_offline_threshold_seconds).toBe(140);
    const legacy = await ok(server, owner, 'POST', '/register', {
      fetch_event_types: ['presence'],
    });
    expect(legacy.presences).toHaveProperty(member.email);
  });
});

/**
 * User status over HTTP (upstream's update-status, get-user-status, update-status-for-user,
 * the `user_status` event and register's `user_status`), through the typed bindings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/api/errors.ts';
import {
  getUserStatus,
  updateStatus,
  updateStatusForUser,
  type StatusChange,
} from '../../../src/api/routes/user-status.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { watch } from './admin-client.ts';
import { useApiClients } from './api-clients.ts';
import { byEmail, call, ok } from './messaging-client.ts';

let server: StartedServer;
afterEach(async () => {
  await server.close();
});

async function setup(featureLevel?: number) {
  server = await startServer({ rateLimit: false, ...(featureLevel ? { featureLevel } : {}) });
  return {
    member: byEmail(server, 'member'),
    owner: byEmail(server, 'owner'),
    admin: byEmail(server, 'admin'),
  };
}

const clientOf = useApiClients(() => server.url);

const setStatus = (user: ServerUser, change: StatusChange) => updateStatus(clientOf(user), change);
const statusOf = async (viewer: ServerUser, user: ServerUser) =>
  (await getUserStatus(clientOf(viewer), user.user_id)).data.status;
/** The message of the API error a call fails with. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'succeeded',
    (e: unknown) => (e as ApiError).msg,
  );

const CAR = { emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' };

describe('POST /users/me/status', () => {
  it('sets text and emoji, tells every user with a user_status event, and shows in register and GET', async () => {
    const { member, owner } = await setup();
    const watcher = await watch(server, owner, ['user_status']);
    await setStatus(member, { status_text: 'out to lunch', emoji_name: 'car' });
    expect(await watcher.events()).toEqual([
      { id: 0, type: 'user_status', user_id: member.user_id, status_text: 'out to lunch', ...CAR },
    ]);
    expect(await statusOf(owner, member)).toEqual({ status_text: 'out to lunch', ...CAR });
    const reg = await ok(server, owner, 'POST', '/register', {
      fetch_event_types: ['user_status'],
    });
    expect(reg.user_status).toEqual({
      [String(member.user_id)]: { status_text: 'out to lunch', ...CAR },
    });
  });

  it('changes only the parameters passed, and the empty string clears', async () => {
    const { member, owner } = await setup();
    await setStatus(member, { status_text: 'on vacation', emoji_name: 'car' });
    await setStatus(member, { status_text: 'back Monday' });
    expect(await statusOf(owner, member)).toEqual({ status_text: 'back Monday', ...CAR });
    const watcher = await watch(server, owner, ['user_status']);
    await setStatus(member, { emoji_name: '' });
    expect(await watcher.events()).toEqual([
      {
        id: 0,
        type: 'user_status',
        user_id: member.user_id,
        emoji_name: '',
        emoji_code: '',
        reaction_type: '',
      },
    ]);
    await setStatus(member, { status_text: '' });
    expect(await statusOf(owner, member)).toEqual({});
    // Only users with a status are listed.
    const reg = await ok(server, owner, 'POST', '/register', {
      fetch_event_types: ['user_status'],
    });
    expect(reg.user_status).toEqual({});
  });

  it('accepts a custom emoji by name', async () => {
    const { member, owner } = await setup();
    const custom = [...server.state.realmEmoji.values()].find((e) => !e.deactivated)!;
    await setStatus(member, { emoji_name: custom.name });
    expect(await statusOf(owner, member)).toEqual({
      emoji_name: custom.name,
      emoji_code: custom.id,
      reaction_type: 'realm_emoji',
    });
  });

  it('refuses a request with no new values, a text over 60 characters and unknown emoji', async () => {
    const { member } = await setup();
    expect(await failure(setStatus(member, {}))).toBe('Client did not pass any new values.');
    expect(await failure(setStatus(member, { status_text: 'x'.repeat(61) }))).toBe(
      'status_text is too long (limit: 60 characters)',
    );
    expect(await failure(setStatus(member, { status_text: 'x'.repeat(60) }))).toBe('succeeded');
    expect(await failure(setStatus(member, { status_text: 'a', emoji_code: '1f697' }))).toBe(
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
    expect(await failure(setStatus(member, { emoji_name: 'invalid' }))).toBe(
      "Emoji 'invalid' does not exist",
    );
    expect(
      await failure(
        setStatus(member, { emoji_name: 'car', emoji_code: '99', reaction_type: 'realm_emoji' }),
      ),
    ).toBe('Invalid emoji code.');
  });

  it('treats away as the inverse of presence_enabled (feature level 148 and later)', async () => {
    const { member, owner } = await setup();
    const watcher = await watch(server, owner, ['user_status']);
    const own = await watch(server, member, ['user_settings']);
    await setStatus(member, { away: true });
    expect(await watcher.events()).toEqual([
      { id: 0, type: 'user_status', user_id: member.user_id, away: true },
    ]);
    expect(await own.events()).toMatchObject([
      { type: 'user_settings', property: 'presence_enabled', value: false },
    ]);
    expect(await statusOf(owner, member)).toEqual({ away: true });
    // Turning presence back on in settings clears "away" for everyone.
    await ok(server, member, 'PATCH', '/settings', { presence_enabled: true });
    expect(await watcher.events()).toContainEqual(
      expect.objectContaining({ type: 'user_status', user_id: member.user_id, away: false }),
    );
    expect(await statusOf(owner, member)).toEqual({});
  });

  it('keeps away as part of the status before feature level 148', async () => {
    const { member, owner } = await setup(120);
    await setStatus(member, { away: true, status_text: 'gone' });
    const reg = await ok(server, owner, 'POST', '/register', {
      fetch_event_types: ['user_status'],
    });
    expect(reg.user_status).toEqual({
      [String(member.user_id)]: { away: true, status_text: 'gone' },
    });
    expect(server.state.users.get(member.user_id)?.settings.presence_enabled).not.toBe(false);
  });
});

describe('GET /users/{user_id}/status', () => {
  it('returns an empty status for a user without one and refuses an unknown user', async () => {
    const { member, owner } = await setup();
    expect(await statusOf(owner, member)).toEqual({});
    expect(await failure(getUserStatus(clientOf(owner), 99_999))).toBe('No such user');
  });
});

describe('POST /users/{user_id}/status', () => {
  it("lets an administrator change another user's status, which everyone is told of", async () => {
    const { member, owner, admin } = await setup();
    const watcher = await watch(server, owner, ['user_status']);
    await updateStatusForUser(clientOf(admin), member.user_id, { status_text: 'in a meeting' });
    expect(await watcher.events()).toEqual([
      { id: 0, type: 'user_status', user_id: member.user_id, status_text: 'in a meeting' },
    ]);
    expect(await statusOf(member, member)).toEqual({ status_text: 'in a meeting' });
  });

  it('refuses members: Insufficient permission', async () => {
    const { member, owner } = await setup();
    expect(
      await failure(updateStatusForUser(clientOf(member), owner.user_id, { status_text: 'hi' })),
    ).toBe('Insufficient permission');
    expect(await statusOf(owner, owner)).toEqual({});
  });

  it('does not exist before feature level 407', async () => {
    const { admin, member } = await setup(400);
    const r = await call(server, admin, 'POST', `/users/${member.user_id}/status`, {
      status_text: 'x',
    });
    expect(r.body.result).toBe('error');
    expect(await statusOf(admin, member)).toEqual({});
  });
});

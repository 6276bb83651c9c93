/**
 * Upstream's update-user (PATCH /users/{user_id}) with full_name and profile_data, over real
 * HTTP. The upstream API documentation (zulip.com/api/update-user) says: "Administrative
 * endpoint to update the details of another user in the organization. Supports everything
 * an administrator can do to edit details of another user's account, including editing
 * full name, role, and custom profile fields"; profile_data is "A dictionary containing the
 * updated custom profile field data for the user" sent as a list of `{id, value}`. The
 * events follow its get-events page: realm_user `update` with `full_name`, and with
 * `custom_profile_field` (`id`, `value` or null, `rendered_value` for Markdown types).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(() => server.close());

const nameOf = (userId: number) => server.state.users.get(userId)?.full_name;
const valueOf = (userId: number, fieldId: number) =>
  server.state.users.get(userId)?.profile_data.get(fieldId);

async function field(params: Record<string, unknown>): Promise<number> {
  const body = await ok(server, byRole(server, 200), 'POST', '/realm/profile_fields', params);
  return body.id as number;
}

describe('PATCH /users/{user_id} with full_name', () => {
  it('lets an administrator rename a member; every client hears the new name', async () => {
    const [admin, member, guest] = [byRole(server, 200), byRole(server, 400), byRole(server, 600)];
    const watcher = await watch(server, guest, ['realm_user']);
    const body = await ok(server, admin, 'PATCH', `/users/${member.user_id}`, {
      full_name: '  Ada Lovelace  ',
    });
    expect(body.ignored_parameters_unsupported).toBeUndefined();
    expect(nameOf(member.user_id)).toBe('Ada Lovelace');
    expect(await watcher.events()).toEqual([
      expect.objectContaining({
        type: 'realm_user',
        op: 'update',
        person: { user_id: member.user_id, full_name: 'Ada Lovelace' },
      }),
    ]);
    const fetched = await ok(server, guest, 'GET', `/users/${member.user_id}`);
    expect((fetched.user as { full_name: string }).full_name).toBe('Ada Lovelace');
  });

  it('refuses a member, in upstream words, and nothing changes', async () => {
    const [member, other] = [byRole(server, 400), byRole(server, 600)];
    const before = nameOf(other.user_id);
    const r = await call(server, member, 'PATCH', `/users/${other.user_id}`, {
      full_name: 'Taken Over',
    });
    expect(r.body).toMatchObject({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect(nameOf(other.user_id)).toBe(before);
  });

  it.each([
    ['x', 'Name too short!'],
    ['y'.repeat(101), 'Name too long!'],
    ['Ada @ home', 'Invalid characters in name!'],
    ['Ada *bold*', 'Invalid characters in name!'],
    ['Ada|12', 'Invalid format!'],
  ])('refuses the name %j with %j', async (name, msg) => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const before = nameOf(member.user_id);
    const r = await call(server, admin, 'PATCH', `/users/${member.user_id}`, { full_name: name });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(nameOf(member.user_id)).toBe(before);
  });

  it('changes nothing when one part is refused: the name waits for a valid role', async () => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const before = nameOf(member.user_id);
    const r = await call(server, admin, 'PATCH', `/users/${member.user_id}`, {
      full_name: 'Renamed Anyway',
      role: 999,
    });
    expect(r.body).toMatchObject({ result: 'error', msg: 'Invalid role' });
    expect(nameOf(member.user_id)).toBe(before);
  });
});

describe('PATCH /users/{user_id} with profile_data', () => {
  it('sets, changes and clears fields; each change reaches every client', async () => {
    const [admin, member, guest] = [byRole(server, 200), byRole(server, 400), byRole(server, 600)];
    const team = await field({ name: 'Team', field_type: 1 });
    const birthday = await field({ name: 'Birthday', field_type: 4 });
    const watcher = await watch(server, guest, ['realm_user']);
    await ok(server, admin, 'PATCH', `/users/${member.user_id}`, {
      profile_data: [
        { id: team, value: 'Platform **core**' },
        { id: birthday, value: '1990-04-05' },
      ],
    });
    expect(valueOf(member.user_id, team)).toBe('Platform **core**');
    expect(valueOf(member.user_id, birthday)).toBe('1990-04-05');
    await ok(server, admin, 'PATCH', `/users/${member.user_id}`, {
      profile_data: [{ id: birthday, value: null }],
    });
    expect(valueOf(member.user_id, birthday)).toBeUndefined();

    const events = await watcher.events();
    expect(events.map((e) => (e.person as Record<string, unknown>).custom_profile_field)).toEqual([
      {
        id: team,
        value: 'Platform **core**',
        rendered_value: '<p>Platform <strong>core</strong></p>',
      },
      { id: birthday, value: '1990-04-05' },
      { id: birthday, value: null },
    ]);
    const fetched = await ok(server, guest, 'GET', `/users/${member.user_id}`, {
      include_custom_profile_fields: true,
    });
    expect((fetched.user as { profile_data: Record<string, unknown> }).profile_data).toMatchObject({
      [String(team)]: { value: 'Platform **core**' },
    });
  });

  it('sets a users field from a list of ids', async () => {
    const [admin, member, owner] = [byRole(server, 200), byRole(server, 400), byRole(server, 100)];
    const mentor = await field({ name: 'Mentor', field_type: 6 });
    await ok(server, admin, 'PATCH', `/users/${member.user_id}`, {
      profile_data: [{ id: mentor, value: [owner.user_id] }],
    });
    expect(JSON.parse(valueOf(member.user_id, mentor) ?? '[]')).toEqual([owner.user_id]);
  });

  it.each([
    [{ name: 'Site', field_type: 5 }, 'not a link', 'Site is not a URL'],
    [{ name: 'Day', field_type: 4 }, 'soon', 'Day is not a date'],
    [
      { name: 'Fruit', field_type: 3, field_data: { a: { text: 'Apples', order: '1' } } },
      'z',
      "'z' is not a valid choice for 'Fruit'.",
    ],
  ])('refuses a value its field does not take (%j)', async (spec, value, msg) => {
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const id = await field(spec);
    const r = await call(server, admin, 'PATCH', `/users/${member.user_id}`, {
      profile_data: [{ id, value }],
    });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(valueOf(member.user_id, id)).toBeUndefined();
  });

  it('refuses a field that does not exist, and a moderator', async () => {
    const [admin, moderator, member] = [
      byRole(server, 200),
      byRole(server, 300),
      byRole(server, 400),
    ];
    const r = await call(server, admin, 'PATCH', `/users/${member.user_id}`, {
      profile_data: [{ id: 9999, value: 'x' }],
    });
    expect(r.body).toMatchObject({ result: 'error', msg: 'Field id 9999 not found.' });
    const team = await field({ name: 'Team', field_type: 1 });
    const m = await call(server, moderator, 'PATCH', `/users/${member.user_id}`, {
      profile_data: [{ id: team, value: 'Ops' }],
    });
    expect(m.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect(valueOf(member.user_id, team)).toBeUndefined();
  });
});

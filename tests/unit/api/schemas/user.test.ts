import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import { getOwnUser } from '../../../../src/api/routes/users.ts';
import {
  getOwnUserResponse,
  getUserResponse,
  getUsersResponse,
} from '../../../../src/api/schemas/user.ts';
import { decode, malformed, stubServer, without, type StubServer } from './helpers.ts';

/** A person as the widely deployed server formats one: no bot_type, no bot_owner_id. */
const person = {
  user_id: 10,
  delivery_email: null,
  email: 'user10@chat.test',
  full_name: 'King Hamlet',
  date_joined: '2024-05-01T10:00:00+00:00',
  is_active: true,
  is_owner: false,
  is_admin: false,
  is_guest: false,
  role: 400,
  is_bot: false,
  timezone: '',
  avatar_url: 'https://chat.test/avatar/10',
  avatar_version: 1,
  profile_data: {},
};
const bot = { ...person, user_id: 11, is_bot: true, bot_type: 1, bot_owner_id: 10 };

describe('user schema', () => {
  it('shows a person without bot fields as bot_type and bot_owner_id null', () => {
    const { members } = decode('GET /users', getUsersResponse, { members: [person, bot] });
    expect(members.map((u) => [u.bot_type, u.bot_owner_id])).toEqual([
      [null, null],
      [1, 10],
    ]);
    const { user } = decode('GET /users/{user_id}', getUserResponse, { user: person });
    expect(user.bot_type).toBeNull();
  });

  it('decodes GET /users/me for a person', () => {
    const me = decode('GET /users/me', getOwnUserResponse, { ...person, max_message_id: 3 });
    expect(me).toMatchObject({ user_id: 10, bot_type: null, bot_owner_id: null });
  });

  it('still names a truly required field that is missing', () => {
    const error = malformed('GET /users', getUsersResponse, {
      members: [person, without(person, 'role')],
    });
    expect(error.path).toBe('members.1.role');
    expect(error.message).toContain('GET /users');
  });
});

describe('signing in (GET /users/me, as AccountManager calls it)', () => {
  let server: StubServer | undefined;
  let client: ApiClient | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
  });

  it('works with a user object that has no bot fields', async () => {
    server = await stubServer({ '/users/me': person });
    client = new ApiClient({ realmUrl: server.url, email: person.email, apiKey: 'k' });
    const { data } = await getOwnUser(client);
    expect(data).toMatchObject({ user_id: 10, email: person.email, role: 400, bot_type: null });
  });
});

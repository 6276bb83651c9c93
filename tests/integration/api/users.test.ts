import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  RequestVariableMissingError,
  UnauthorizedPrincipalError,
} from '../../../src/api/errors.ts';
import { createUser, getOwnUser, getUser, getUsers } from '../../../src/api/routes/users.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

describe('users', () => {
  const h = useServer();

  it('lists the organization’s users, bots included', async () => {
    const { data } = await getUsers(h.as(ROLE.member));
    const owner = humanWithRole(h.server, ROLE.owner);
    expect(data.members.find((u) => u.user_id === owner.user_id)).toMatchObject({
      role: 100,
      is_owner: true,
      is_admin: true,
    });
    expect(data.members.some((u) => u.is_bot && u.bot_type === 3)).toBe(true);
  });

  it('returns the caller’s own User', async () => {
    const me = humanWithRole(h.server, ROLE.guest);
    const { data } = await getOwnUser(h.as(ROLE.guest));
    expect(data).toMatchObject({ user_id: me.user_id, email: me.email, is_guest: true, role: 600 });
  });

  it('returns one user by id', async () => {
    const admin = humanWithRole(h.server, ROLE.admin);
    const { data } = await getUser(h.as(ROLE.member), admin.user_id, {
      include_custom_profile_fields: true,
    });
    expect(data.user).toMatchObject({
      user_id: admin.user_id,
      full_name: admin.full_name,
      is_admin: true,
    });
  });

  it('gives an error for an unknown user id', async () => {
    expect(await failure(getUser(h.as(ROLE.member), 999_999))).toBeInstanceOf(BadRequestError);
  });

  describe('POST /users', () => {
    const create = (client: ApiClient, local: string) =>
      createUser(client, {
        email: `${local}@perch.test`,
        password: 'pw-long-enough',
        full_name: `New ${local}`,
      });

    it('creates a user when an administrator with can_create_users asks', async () => {
      const { data } = await create(h.as(ROLE.admin), 'newcomer');
      const { data: fetched } = await getUser(h.as(ROLE.admin), data.user_id);
      expect(fetched.user.email).toBe('newcomer@perch.test');
    });

    it('gives BAD_REQUEST for an email already in the organization', async () => {
      expect(await failure(create(h.as(ROLE.admin), 'member'))).toBeInstanceOf(BadRequestError);
    });

    it('refuses a member with UNAUTHORIZED_PRINCIPAL (spec section 5 role gate)', async () => {
      expect(await failure(create(h.as(ROLE.member), 'sneaky'))).toBeInstanceOf(
        UnauthorizedPrincipalError,
      );
    });

    it('names a missing required parameter', async () => {
      const error = await failure(
        createUser(h.as(ROLE.admin), { email: 'x@perch.test', password: 'pw' } as Parameters<
          typeof createUser
        >[1]),
      );
      expect(error).toBeInstanceOf(RequestVariableMissingError);
      expect((error as RequestVariableMissingError).varName).toBe('full_name');
    });
  });
});

import { createHmac } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import {
  ApiError,
  BadRequestError,
  InvalidApiKeyError,
  UserDeactivatedError,
} from '../../../src/api/errors.ts';
import { fetchApiKey, jwtFetchApiKey } from '../../../src/api/routes/auth.ts';
import { getOwnUser } from '../../../src/api/routes/users.ts';
import { DEFAULT_JWT_KEY } from '../../../src/server/index.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function jwt(payload: Record<string, unknown>, key = DEFAULT_JWT_KEY): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${head}.${base64url(createHmac('sha256', key).update(head).digest())}`;
}

describe('authentication', () => {
  const h = useServer();
  const anonymous = () => new ApiClient({ realmUrl: h.server.url });

  it('trades a signed token for the API key, with the profile when asked', async () => {
    const member = humanWithRole(h.server, ROLE.member);
    const client = anonymous();
    try {
      const { data } = await jwtFetchApiKey(client, {
        token: jwt({ email: member.email }),
        include_profile: true,
      });
      expect(data.api_key).toBe(member.api_key);
      expect(data.email).toBe(member.email);
      expect(data.user?.user_id).toBe(member.user_id);
    } finally {
      await client.close();
    }
  });

  it('gives BAD_REQUEST for a bad signature or an expired token', async () => {
    const member = humanWithRole(h.server, ROLE.member);
    const client = anonymous();
    try {
      const forged = jwt({ email: member.email }, 'not-the-key');
      expect(await failure(jwtFetchApiKey(client, { token: forged }))).toBeInstanceOf(
        BadRequestError,
      );
      const expired = jwt({ email: member.email, exp: 1 });
      expect(await failure(jwtFetchApiKey(client, { token: expired }))).toBeInstanceOf(
        BadRequestError,
      );
    } finally {
      await client.close();
    }
  });

  it('gives INVALID_API_KEY for a wrong key, without echoing the key', async () => {
    const member = humanWithRole(h.server, ROLE.member);
    const wrongKey = 'WRONGKEYwrongkey0123456789';
    const error = await failure(getOwnUser(h.asUser({ ...member, api_key: wrongKey })));
    expect(error).toBeInstanceOf(InvalidApiKeyError);
    expect((error as InvalidApiKeyError).status).toBe(401);
    const shown = `${String(error)} ${inspect(error, { depth: 6 })}`;
    expect(shown).not.toContain(wrongKey);
    expect(shown).not.toContain(Buffer.from(`${member.email}:${wrongKey}`).toString('base64'));
  });

  it('gives USER_DEACTIVATED for a deactivated account', async () => {
    const former = h.server.deactivatedUsers[0];
    if (!former) throw new Error('the fixed organization has a deactivated member');
    expect(await failure(getOwnUser(h.asUser(former)))).toBeInstanceOf(UserDeactivatedError);
  });

  it('gives USER_DEACTIVATED from POST /jwt/fetch_api_key for a deactivated user', async () => {
    const former = h.server.deactivatedUsers[0];
    const client = anonymous();
    try {
      const error = await failure(jwtFetchApiKey(client, { token: jwt({ email: former?.email }) }));
      expect(error).toBeInstanceOf(UserDeactivatedError);
    } finally {
      await client.close();
    }
  });

  it('trades a password for the API key with POST /fetch_api_key', async () => {
    const owner = humanWithRole(h.server, ROLE.owner);
    const record = h.server.state.users.get(owner.user_id);
    const client = anonymous();
    try {
      const { data } = await fetchApiKey(client, {
        username: owner.email,
        password: record?.password ?? '',
      });
      expect(data).toMatchObject({ api_key: owner.api_key, email: owner.email });
      expect(
        await failure(fetchApiKey(client, { username: owner.email, password: 'wrong' })),
      ).toBeInstanceOf(ApiError);
    } finally {
      await client.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  RealmDeactivatedError,
  UnauthorizedPrincipalError,
} from '../../../src/api/errors.ts';
import { deactivateRealm } from '../../../src/api/routes/realm.ts';
import { getOwnUser } from '../../../src/api/routes/users.ts';
import { ROLE, failure, useServer } from './harness.ts';

describe('POST /realm/deactivate', () => {
  // The fixed organization allows 14 days and more, with no maximum.
  const h = useServer();

  it('refuses an administrator who is not an owner', async () => {
    expect(
      await failure(deactivateRealm(h.as(ROLE.admin), { deletion_delay_days: 30 })),
    ).toBeInstanceOf(UnauthorizedPrincipalError);
  });

  it('gives BAD_REQUEST below the minimum, and for 0 while a minimum exists', async () => {
    const owner = h.as(ROLE.owner);
    expect(await failure(deactivateRealm(owner, { deletion_delay_days: 5 }))).toBeInstanceOf(
      BadRequestError,
    );
    expect(await failure(deactivateRealm(owner, { deletion_delay_days: 0 }))).toBeInstanceOf(
      BadRequestError,
    );
  });

  it('deactivates the organization, after which every call gives REALM_DEACTIVATED', async () => {
    await deactivateRealm(h.as(ROLE.owner), { deletion_delay_days: 30 });
    expect(await failure(getOwnUser(h.as(ROLE.member)))).toBeInstanceOf(RealmDeactivatedError);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  RealmDeactivatedError,
  UnauthorizedPrincipalError,
  UnsupportedByServerError,
} from '../../../src/api/errors.ts';
import { deactivateRealm, updateRealm } from '../../../src/api/routes/realm.ts';
import { getOwnUser } from '../../../src/api/routes/users.ts';
import { ROLE, failure, humanWithRole, useServer, type Harness } from './harness.ts';

const systemGroup = (h: Harness, name: string) => h.server.state.systemGroup(name)!.id;

describe('PATCH /realm: who may invite', () => {
  const h = useServer({ rateLimit: false });

  it('changes who can send email invitations, with the value it replaces', async () => {
    const [members, admins] = ['role:members', 'role:administrators'].map((n) =>
      systemGroup(h, n),
    ) as [number, number];
    expect(h.server.state.realm.can_invite_users_group).toBe(members);
    await updateRealm(h.as(ROLE.owner), {
      can_invite_users_group: { new: admins, old: members },
    });
    expect(h.server.state.realm.can_invite_users_group).toBe(admins);
  });

  it('refuses a value someone changed meanwhile, and an administrator who is not an owner', async () => {
    const stale = systemGroup(h, 'role:moderators');
    const refused = await failure(
      updateRealm(h.as(ROLE.owner), {
        create_multiuse_invite_group: { new: systemGroup(h, 'role:members'), old: stale },
      }),
    );
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).msg).toBe(
      "'old' value allowed by the server is not matching: create_multiuse_invite_group",
    );
    expect(
      await failure(
        updateRealm(h.as(ROLE.admin), {
          create_multiuse_invite_group: { new: systemGroup(h, 'role:members') },
        }),
      ),
    ).toBeInstanceOf(UnauthorizedPrincipalError);
  });

  it('sets an anonymous group of people and groups', async () => {
    const member = humanWithRole(h.server, ROLE.member);
    const value = {
      direct_members: [member.user_id],
      direct_subgroups: [systemGroup(h, 'role:moderators')],
    };
    await updateRealm(h.as(ROLE.owner), { create_multiuse_invite_group: { new: value } });
    expect(h.server.state.realm.create_multiuse_invite_group).toEqual(value);
  });
});

describe('PATCH /realm on a server before anonymous groups for reusable links (FL 313)', () => {
  const h = useServer({ rateLimit: false, featureLevel: 313 });

  it('changes it to a named group there (sent as the bare id that server takes)', async () => {
    const members = systemGroup(h, 'role:members');
    await updateRealm(h.as(ROLE.owner), {
      create_multiuse_invite_group: { new: members, old: systemGroup(h, 'role:administrators') },
    });
    expect(h.server.state.realm.create_multiuse_invite_group).toBe(members);
  });

  it('sends neither an anonymous group nor who may send email invitations', async () => {
    const before = { ...h.server.state.realm };
    const anonymous = await failure(
      updateRealm(h.as(ROLE.owner), {
        create_multiuse_invite_group: { new: { direct_members: [], direct_subgroups: [] } },
      }),
    );
    expect(anonymous).toBeInstanceOf(UnsupportedByServerError);
    expect((anonymous as UnsupportedByServerError).requiredFeatureLevel).toBe(314);
    const email = await failure(
      updateRealm(h.as(ROLE.owner), {
        can_invite_users_group: { new: systemGroup(h, 'role:administrators') },
      }),
    );
    expect((email as UnsupportedByServerError).requiredFeatureLevel).toBe(321);
    expect(h.server.state.realm.create_multiuse_invite_group).toBe(
      before.create_multiuse_invite_group,
    );
    expect(h.server.state.realm.can_invite_users_group).toBe(before.can_invite_users_group);
  });
});

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

/**
 * Who may invite through the Core over real HTTP: the organization context carries both
 * settings, an owner's change reaches the reference server, a non-owner's is refused with the
 * server's answer, and a change made elsewhere reaches an open panel as `adminEdit.changed` for
 * the realm.
 */
import { describe, expect, it } from 'vitest';
import type { OrgContext } from '../../../src/contract/schemas/admin-org.ts';
import { ok } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

describe('adminOrg: who may invite', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const human = (role: number) => t.server.users.find((u) => u.role === role && !u.is_bot)!;
  const group = (name: string) => t.server.state.systemGroup(name)!.id;

  it('shows both settings and changes them for an owner', async () => {
    const accountId = await t.signIn(human(100));
    const before = await t.call<OrgContext>('adminOrg.context', { accountId });
    expect(before.invitePermissions).toEqual({
      can_invite_users_group: group('role:members'),
      create_multiuse_invite_group: group('role:administrators'),
    });
    await t.call('adminOrg.updateInvitePermissions', {
      accountId,
      settings: {
        can_invite_users_group: { new: group('role:administrators'), old: group('role:members') },
      },
    });
    expect(t.server.state.realm.can_invite_users_group).toBe(group('role:administrators'));
    const after = await t.call<OrgContext>('adminOrg.context', { accountId });
    expect(after.invitePermissions.can_invite_users_group).toBe(group('role:administrators'));
  });

  it('passes the server’s refusal of an administrator on, and checks its arguments first', async () => {
    const accountId = await t.signIn(human(200));
    const members = group('role:members');
    const refused = await t.core.invoke('adminOrg.updateInvitePermissions', {
      accountId,
      settings: {
        create_multiuse_invite_group: { new: members, old: group('role:administrators') },
      },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { apiCode: 'UNAUTHORIZED_PRINCIPAL', message: 'Must be an organization owner' },
    });
    const empty = await t.core.invoke('adminOrg.updateInvitePermissions', {
      accountId,
      settings: {},
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'INVALID_ARGS' } });
    expect(t.server.state.realm.create_multiuse_invite_group).toBe(group('role:administrators'));
  });

  it('tells the renderer when an owner on another device changes who may invite', async () => {
    await t.signIn(human(200), { listening: true });
    await ok(t.server, human(100), 'PATCH', '/realm', {
      create_multiuse_invite_group: JSON.stringify({ new: group('role:members') }),
    });
    await expect
      .poll(() =>
        t.pushed.some(
          (p) =>
            p.topic === 'adminEdit.changed' &&
            (p.payload as { kinds: string[] }).kinds.includes('realm'),
        ),
      )
      .toBe(true);
  });
});

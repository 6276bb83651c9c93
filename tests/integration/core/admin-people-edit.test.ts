/**
 * An administrator renames a person and sets their custom profile fields through the Core,
 * over real HTTP to the reference server. Upstream's update-user (zulip.com/api/update-user):
 * "Administrative endpoint to update the details of another user in the organization ...
 * including editing full name, role, and custom profile fields"; its get-events page sends
 * every client a realm_user update with the new full_name or custom_profile_field, so a
 * second account of the same Core sees the new name without asking.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../src/contract/contract.ts';
import { ok } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

describe('adminPeople.rename and adminPeople.setProfileFields', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const person = (role: number) => t.server.users.find((u) => u.role === role && !u.is_bot)!;

  it('renames a member; the other account’s people list follows', async () => {
    const [owner, admin, member] = [person(100), person(200), person(400)];
    const ownerAccount = await t.signIn(owner, { listening: true });
    const adminAccount = await t.signIn(admin, { listening: true });
    await t.call('adminPeople.rename', {
      accountId: ownerAccount,
      userId: member.user_id,
      fullName: 'Mel Renamed',
    });
    await expect
      .poll(() =>
        t.pushed.some(
          (p) =>
            p.topic === 'adminEdit.changed' &&
            (p.payload as { accountId: string; kinds: string[] }).accountId === adminAccount &&
            (p.payload as { kinds: string[] }).kinds.includes('people'),
        ),
      )
      .toBe(true);
    const list = await t.call<Result<'people.list'>>('people.list', { accountId: adminAccount });
    expect(list.people.map((p) => p.name)).toContain('Mel Renamed');
    expect(list.people.map((p) => p.name)).not.toContain(member.full_name);
  });

  it('sets and clears custom fields, and says the server’s refusal in its words', async () => {
    const [owner, member] = [person(100), person(400)];
    const { id } = await ok(t.server, owner, 'POST', '/realm/profile_fields', {
      name: 'Desk',
      field_type: 1,
    });
    const accountId = await t.signIn(owner);
    await t.call('adminPeople.setProfileFields', {
      accountId,
      userId: member.user_id,
      values: [{ id, value: 'B-12' }],
    });
    const form = await t.call<Result<'adminPeople.profileForm'>>('adminPeople.profileForm', {
      accountId,
      userId: member.user_id,
    });
    expect(form.fields.find((f) => f.id === id)).toMatchObject({ name: 'Desk', value: 'B-12' });

    await t.call('adminPeople.setProfileFields', {
      accountId,
      userId: member.user_id,
      values: [{ id, value: null }],
    });
    const user = await t.call<Result<'adminPeople.lookupUser'>>('adminPeople.lookupUser', {
      accountId,
      userId: member.user_id,
    });
    expect(user.profile.find((f) => f.name === 'Desk')).toBeUndefined();

    await expect(
      t.call('adminPeople.rename', { accountId, userId: member.user_id, fullName: 'M' }),
    ).rejects.toMatchObject({ message: expect.stringContaining('Name too short!') });
  });
});

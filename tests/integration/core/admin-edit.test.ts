/**
 * Admin edits through the Core over real HTTP: the edit channels reach the reference server,
 * and another administrator's change to a list reaches the renderer as `adminEdit.changed`, so
 * an open panel reloads.
 */
import { describe, expect, it } from 'vitest';
import type { ServerUser } from '../../../src/server/index.ts';
import { ok } from '../server/messaging-client.ts';
import { useCoreAndServer } from '../support/core-server.ts';

describe('adminEdit channels and the adminEdit.changed topic', () => {
  const t = useCoreAndServer({ server: { rateLimit: false } });
  const { call, pushed } = t;
  const admin = (nth = 0) => t.server.users.filter((u) => u.role === 200 && !u.is_bot)[nth]!;
  const owner = () => t.server.users.find((u) => u.role === 100 && !u.is_bot)!;
  // Changes are seen once the account's event queue listens.
  const signIn = (user: ServerUser) => t.signIn(user, { listening: true });

  const changed = (kind: string) =>
    pushed.filter(
      (p) =>
        p.topic === 'adminEdit.changed' && (p.payload as { kinds: string[] }).kinds.includes(kind),
    );

  it('tells the renderer when another administrator changes each list', async () => {
    await signIn(owner());
    const other = admin();
    const { id } = await ok(t.server, other, 'POST', '/realm/profile_fields', {
      name: 'Desk',
      field_type: 1,
    });
    await expect.poll(() => changed('profileFields').length).toBe(1);
    await ok(t.server, other, 'PATCH', `/realm/profile_fields/${id as number}`, { name: 'Seat' });
    await expect.poll(() => changed('profileFields').length).toBe(2);
    await ok(t.server, other, 'POST', '/realm/filters', {
      pattern: 'PR-(?P<id>\\d+)',
      url_template: 'https://example.com/{id}',
    });
    await expect.poll(() => changed('linkifiers').length).toBe(1);
    await ok(t.server, other, 'POST', '/channel_folders/create', {
      name: 'Design',
      description: '',
    });
    await expect.poll(() => changed('folders').length).toBe(1);
  });

  it('tells the renderer when another administrator changes people, invitations, groups, channels or defaults', async () => {
    await signIn(admin());
    const other = owner();
    const member = t.server.users.find((u) => u.role === 400 && !u.is_bot)!;
    await ok(t.server, other, 'PATCH', `/users/${member.user_id}`, { role: 300 });
    await expect.poll(() => changed('people').length).toBe(1);
    await ok(t.server, other, 'POST', '/invites', {
      invitee_emails: 'someone@example.com',
      stream_ids: [],
    });
    await expect.poll(() => changed('invites').length).toBe(1);
    await ok(t.server, other, 'POST', '/user_groups/create', {
      name: 'reviewers',
      description: '',
      members: [member.user_id],
    });
    await expect.poll(() => changed('groups').length).toBeGreaterThan(0);
    // A private channel the administrator is not subscribed to is still theirs to manage.
    await ok(t.server, other, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'board' }],
      invite_only: true,
    });
    await expect.poll(() => changed('channels').length).toBeGreaterThan(0);
    await ok(t.server, other, 'PATCH', '/realm/user_settings_defaults', {
      web_home_view: 'recent',
    });
    await expect.poll(() => changed('defaults').length).toBe(1);
  });

  it('edits, reorders and deletes through the server, and refuses what the server refuses', async () => {
    const accountId = await signIn(owner());
    const { id } = await ok(t.server, admin(), 'POST', '/realm/profile_fields', {
      name: 'Desk',
      field_type: 1,
    });
    const [office] = t.server.state.profileFields.keys();
    await call('adminEdit.updateProfileField', { accountId, fieldId: id, name: 'Seat' });
    expect(t.server.state.profileFields.get(id as number)?.name).toBe('Seat');
    await call('adminEdit.reorderProfileFields', { accountId, order: [id, office] });
    expect([...t.server.state.profileFields.keys()]).toEqual([id, office]);
    await call('adminEdit.deleteProfileField', { accountId, fieldId: id });
    expect(t.server.state.profileFields.has(id as number)).toBe(false);
    await expect(
      call('adminEdit.updateProfileField', { accountId, fieldId: id, name: 'Late' }),
    ).rejects.toThrow(`Field id ${id as number} not found.`);
  });
});

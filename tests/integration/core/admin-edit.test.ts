/**
 * Issue 14 point 4 through the Core over real HTTP: the edit channels reach the reference
 * server, and another administrator's change to a list reaches the renderer as
 * `adminEdit.changed`, so an open panel reloads.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';
import { ok } from '../server/messaging-client.ts';

describe('adminEdit channels and the adminEdit.changed topic', () => {
  let server: StartedServer;
  let core: Core;
  const pushed: { topic: string; payload: unknown }[] = [];

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-edit-')),
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    pushed.length = 0;
    core.subscribe((topic, payload) => pushed.push({ topic, payload }));
  });
  afterEach(async () => {
    await core.close();
    await server.close();
  });

  const admin = (nth = 0) => server.users.filter((u) => u.role === 200 && !u.is_bot)[nth]!;
  const owner = () => server.users.find((u) => u.role === 100 && !u.is_bot)!;

  async function call<R>(channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
    return response.result as R;
  }

  async function signIn(user: { email: string; api_key: string }): Promise<string> {
    const { id } = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: user.email,
      apiKey: user.api_key,
      allowInsecure: true,
    });
    // Changes are seen once the account's event queue listens.
    await expect
      .poll(async () => (await call<{ health: { state: string } }[]>('sync.status', {}))[0])
      .toMatchObject({ health: { state: 'polling' } });
    return id;
  }

  const changed = (kind: string) =>
    pushed.filter(
      (p) =>
        p.topic === 'adminEdit.changed' && (p.payload as { kinds: string[] }).kinds.includes(kind),
    );

  it('tells the renderer when another administrator changes each list', async () => {
    await signIn(owner());
    const other = admin();
    const { id } = await ok(server, other, 'POST', '/realm/profile_fields', {
      name: 'Desk',
      field_type: 1,
    });
    await expect.poll(() => changed('profileFields').length).toBe(1);
    await ok(server, other, 'PATCH', `/realm/profile_fields/${id as number}`, { name: 'Seat' });
    await expect.poll(() => changed('profileFields').length).toBe(2);
    await ok(server, other, 'POST', '/realm/filters', {
      pattern: 'PR-(?P<id>\\d+)',
      url_template: 'https://example.com/{id}',
    });
    await expect.poll(() => changed('linkifiers').length).toBe(1);
    await ok(server, other, 'POST', '/channel_folders/create', { name: 'Design', description: '' });
    await expect.poll(() => changed('folders').length).toBe(1);
  });

  it('tells the renderer when another administrator changes people, invitations, groups, channels or defaults', async () => {
    await signIn(admin());
    const other = owner();
    const member = server.users.find((u) => u.role === 400 && !u.is_bot)!;
    await ok(server, other, 'PATCH', `/users/${member.user_id}`, { role: 300 });
    await expect.poll(() => changed('people').length).toBe(1);
    await ok(server, other, 'POST', '/invites', {
      invitee_emails: 'someone@example.com',
      stream_ids: [],
    });
    await expect.poll(() => changed('invites').length).toBe(1);
    await ok(server, other, 'POST', '/user_groups/create', {
      name: 'reviewers',
      description: '',
      members: [member.user_id],
    });
    await expect.poll(() => changed('groups').length).toBeGreaterThan(0);
    // A private channel the administrator is not subscribed to is still theirs to manage.
    await ok(server, other, 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'board' }],
      invite_only: true,
    });
    await expect.poll(() => changed('channels').length).toBeGreaterThan(0);
    await ok(server, other, 'PATCH', '/realm/user_settings_defaults', { web_home_view: 'recent' });
    await expect.poll(() => changed('defaults').length).toBe(1);
  });

  it('edits, reorders and deletes through the server, and refuses what the server refuses', async () => {
    const accountId = await signIn(owner());
    const { id } = await ok(server, admin(), 'POST', '/realm/profile_fields', {
      name: 'Desk',
      field_type: 1,
    });
    const [office] = server.state.profileFields.keys();
    await call('adminEdit.updateProfileField', { accountId, fieldId: id, name: 'Seat' });
    expect(server.state.profileFields.get(id as number)?.name).toBe('Seat');
    await call('adminEdit.reorderProfileFields', { accountId, order: [id, office] });
    expect([...server.state.profileFields.keys()]).toEqual([id, office]);
    await call('adminEdit.deleteProfileField', { accountId, fieldId: id });
    expect(server.state.profileFields.has(id as number)).toBe(false);
    await expect(
      call('adminEdit.updateProfileField', { accountId, fieldId: id, name: 'Late' }),
    ).rejects.toThrow(`Field id ${id as number} not found.`);
  });
});

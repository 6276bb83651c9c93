/**
 * Two administrators at once: every admin operation the reference server implements tells
 * another administrator's queue, registered for the event types Perch asks for, so an open
 * admin panel of a second client can follow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { PERCH_REGISTER_PARAMS } from '../../../src/core/sync/register-params.ts';
import { ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

const OWNER = 100;
const ADMIN = 200;
const MEMBER = 400;

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(() => server.close());

const types = [...(PERCH_REGISTER_PARAMS.event_types ?? [])];

/**
 * Runs `act` as `actor` and returns the events a fresh queue of `watcher` (registered as
 * Perch registers) received meanwhile.
 */
async function seenBy(
  watcher: ServerUser,
  act: () => Promise<unknown>,
): Promise<Record<string, unknown>[]> {
  const queue = await watch(server, watcher, types);
  await act();
  return queue.events();
}

const owner = () => byRole(server, OWNER);
const admin = () => byRole(server, ADMIN);
const member = () => byRole(server, MEMBER);
const as = (u: () => ServerUser, method: string, path: string, params = {}) =>
  ok(server, u(), method, path, params);
const like = (event: Record<string, unknown>) => expect.objectContaining(event);
const channelId = (name: string) => server.state.channelByName(name)!.stream_id;

describe('people', () => {
  it('creating, re-roling, deactivating and reactivating a user reach the other admin', async () => {
    let userId = 0;
    expect(
      await seenBy(owner(), async () => {
        userId = (
          await as(admin, 'POST', '/users', {
            email: 'new@example.com',
            password: 'pw',
            full_name: 'New Person',
          })
        ).user_id as number;
      }),
    ).toContainEqual(like({ type: 'realm_user', op: 'add' }));
    expect(
      await seenBy(admin(), () => as(owner, 'PATCH', `/users/${userId}`, { role: MEMBER - 100 })),
    ).toContainEqual(
      like({ type: 'realm_user', op: 'update', person: { user_id: userId, role: 300 } }),
    );
    const gone = await seenBy(admin(), () => as(owner, 'DELETE', `/users/${userId}`));
    expect(gone).toContainEqual(
      like({ type: 'realm_user', op: 'update', person: { user_id: userId, is_active: false } }),
    );
    // Deactivation empties the user's groups, which the Groups panel shows.
    expect(gone).toContainEqual(like({ type: 'user_group', op: 'remove_members' }));
    expect(
      await seenBy(admin(), () => as(owner, 'POST', `/users/${userId}/reactivate`)),
    ).toContainEqual(
      like({ type: 'realm_user', op: 'update', person: { user_id: userId, is_active: true } }),
    );
  });
});

describe('user groups', () => {
  it('creating, renaming, members and deactivating reach the other admin', async () => {
    let groupId = 0;
    expect(
      await seenBy(admin(), async () => {
        groupId = (
          await as(owner, 'POST', '/user_groups/create', {
            name: 'reviewers',
            description: '',
            members: [member().user_id],
          })
        ).group_id as number;
      }),
    ).toContainEqual(like({ type: 'user_group', op: 'add' }));
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', `/user_groups/${groupId}`, { name: 'code-reviewers' }),
      ),
    ).toContainEqual(like({ type: 'user_group', op: 'update', group_id: groupId }));
    expect(
      await seenBy(admin(), () =>
        as(owner, 'POST', `/user_groups/${groupId}/members`, { add: [owner().user_id] }),
      ),
    ).toContainEqual(like({ type: 'user_group', op: 'add_members', group_id: groupId }));
    expect(
      await seenBy(admin(), () =>
        as(owner, 'POST', `/user_groups/${groupId}/members`, { delete: [owner().user_id] }),
      ),
    ).toContainEqual(like({ type: 'user_group', op: 'remove_members', group_id: groupId }));
    // Perch does not declare include_deactivated_groups, so it hears upstream's `remove`.
    expect(
      await seenBy(admin(), () => as(owner, 'POST', `/user_groups/${groupId}/deactivate`)),
    ).toContainEqual(like({ type: 'user_group', op: 'remove', group_id: groupId }));
  });
});

describe('channels', () => {
  it('a private channel the other admin is not in: created, edited, archived, unarchived', async () => {
    const created = await seenBy(admin(), () =>
      as(owner, 'POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'board' }],
        invite_only: true,
      }),
    );
    expect(created).toContainEqual(like({ type: 'stream', op: 'create' }));
    const id = channelId('board');
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', `/streams/${id}`, { description: 'Board only' }),
      ),
    ).toContainEqual(
      like({ type: 'stream', op: 'update', stream_id: id, property: 'description' }),
    );
    expect(
      await seenBy(admin(), () =>
        as(owner, 'POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'board' }],
          principals: [member().user_id],
        }),
      ),
    ).toContainEqual(like({ type: 'subscription', op: 'peer_add', stream_ids: [id] }));
    expect(
      await seenBy(admin(), () =>
        as(owner, 'DELETE', '/users/me/subscriptions', {
          subscriptions: ['board'],
          principals: [member().user_id],
        }),
      ),
    ).toContainEqual(like({ type: 'subscription', op: 'peer_remove', stream_ids: [id] }));
    expect(await seenBy(admin(), () => as(owner, 'DELETE', `/streams/${id}`))).toContainEqual(
      like({ type: 'stream', op: 'delete' }),
    );
    expect(
      await seenBy(admin(), () => as(owner, 'PATCH', `/streams/${id}`, { is_archived: false })),
    ).toContainEqual(like({ type: 'stream', op: 'create' }));
  });

  it('moving a channel into a folder reaches the other admin', async () => {
    const [folder] = server.state.channelFolders.keys();
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', `/streams/${channelId('general')}`, { folder_id: folder }),
      ),
    ).toContainEqual(like({ type: 'stream', op: 'update', property: 'folder_id' }));
  });
});

describe('invitations', () => {
  it('sending, resending and revoking invitations and links reach the other admin', async () => {
    const changed = like({ type: 'invites_changed' });
    expect(
      await seenBy(admin(), () =>
        as(owner, 'POST', '/invites', { invitee_emails: 'someone@example.com', stream_ids: [] }),
      ),
    ).toContainEqual(changed);
    const [invite] = server.state.invitations.keys();
    expect(
      await seenBy(admin(), () => as(owner, 'POST', `/invites/${invite as number}/resend`)),
    ).toContainEqual(changed);
    expect(
      await seenBy(admin(), () => as(owner, 'DELETE', `/invites/${invite as number}`)),
    ).toContainEqual(changed);
    expect(await seenBy(admin(), () => as(owner, 'POST', '/invites/multiuse'))).toContainEqual(
      changed,
    );
    const [link] = server.state.multiuseInvites.keys();
    expect(
      await seenBy(admin(), () => as(owner, 'DELETE', `/invites/multiuse/${link as number}`)),
    ).toContainEqual(changed);
  });
});

describe('organization lists', () => {
  it('profile fields: create, edit, reorder, delete', async () => {
    const changed = like({ type: 'custom_profile_fields' });
    let id = 0;
    expect(
      await seenBy(admin(), async () => {
        id = (await as(owner, 'POST', '/realm/profile_fields', { name: 'Desk', field_type: 1 }))
          .id as number;
      }),
    ).toContainEqual(changed);
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', `/realm/profile_fields/${id}`, { name: 'Seat' }),
      ),
    ).toContainEqual(changed);
    const order = [...server.state.profileFields.keys()].reverse();
    expect(
      await seenBy(admin(), () => as(owner, 'PATCH', '/realm/profile_fields', { order })),
    ).toContainEqual(changed);
    expect(
      await seenBy(admin(), () => as(owner, 'DELETE', `/realm/profile_fields/${id}`)),
    ).toContainEqual(changed);
  });

  it('linkifiers: add, edit, reorder, delete', async () => {
    const changed = like({ type: 'realm_linkifiers' });
    const fields = { pattern: 'PR-(?P<id>\\d+)', url_template: 'https://example.com/{id}' };
    let id = 0;
    expect(
      await seenBy(admin(), async () => {
        id = (await as(owner, 'POST', '/realm/filters', fields)).id as number;
      }),
    ).toContainEqual(changed);
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', `/realm/filters/${id}`, {
          ...fields,
          url_template: 'https://example.org/{id}',
        }),
      ),
    ).toContainEqual(changed);
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', '/realm/linkifiers', { ordered_linkifier_ids: [id] }),
      ),
    ).toContainEqual(changed);
    expect(await seenBy(admin(), () => as(owner, 'DELETE', `/realm/filters/${id}`))).toContainEqual(
      changed,
    );
  });

  it('channel folders: create, edit, reorder', async () => {
    let id = 0;
    expect(
      await seenBy(admin(), async () => {
        id = (
          await as(owner, 'POST', '/channel_folders/create', { name: 'Design', description: '' })
        ).channel_folder_id as number;
      }),
    ).toContainEqual(like({ type: 'channel_folder', op: 'add' }));
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', `/channel_folders/${id}`, { description: 'Screens' }),
      ),
    ).toContainEqual(like({ type: 'channel_folder', op: 'update', channel_folder_id: id }));
    const order = [...server.state.channelFolders.keys()].reverse();
    expect(
      await seenBy(admin(), () => as(owner, 'PATCH', '/channel_folders', { order })),
    ).toContainEqual(like({ type: 'channel_folder', op: 'reorder' }));
  });

  it('defaults for new users reach the other admin', async () => {
    expect(
      await seenBy(admin(), () =>
        as(owner, 'PATCH', '/realm/user_settings_defaults', { web_home_view: 'recent' }),
      ),
    ).toContainEqual(like({ type: 'realm_user_settings_defaults', property: 'web_home_view' }));
  });

  it('saved snippets are one user’s own: their other session hears of each change', async () => {
    const changed = like({ type: 'saved_snippets' });
    let id = 0;
    expect(
      await seenBy(owner(), async () => {
        id = (await as(owner, 'POST', '/saved_snippets', { title: 'Hi', content: 'Hello' }))
          .saved_snippet_id as number;
      }),
    ).toContainEqual(changed);
    expect(
      await seenBy(owner(), () => as(owner, 'PATCH', `/saved_snippets/${id}`, { title: 'Hey' })),
    ).toContainEqual(changed);
    expect(
      await seenBy(owner(), () => as(owner, 'DELETE', `/saved_snippets/${id}`)),
    ).toContainEqual(changed);
  });
});

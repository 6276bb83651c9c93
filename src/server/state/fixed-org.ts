/**
 * The small fixed organization used when no demo is asked for: one user per role, a
 * deactivated member, a bot of every type, public and private channels (one in a folder),
 * and a user group with a subgroup. Tests find users by role.
 */
import type { ServerState } from './state.ts';
import { addChannel, addSubscription, addUser, addUserGroup } from './factory.ts';
import { ROLE } from './types.ts';
import { seedRealmEmoji } from '../emoji/seed.ts';

const DOMAIN = 'perch.test';

export function populateFixedOrg(state: ServerState, now: number): void {
  const person = (local: string, full_name: string, role: number) =>
    addUser(state, { email: `${local}@${DOMAIN}`, full_name, role, date_joined: now });
  const owner = person('owner', 'Olive Owner', ROLE.owner);
  owner.can_create_users = true;
  owner.push_devices.push({
    device_id: state.nextId('push_device'),
    kind: 'e2ee',
    token: 'owner-phone',
    appid: 'perch.test',
  });
  const admin = person('admin', 'Ada Admin', ROLE.admin);
  admin.can_create_users = true;
  const moderator = person('moderator', 'Mo Moderator', ROLE.moderator);
  const member = person('member', 'Mel Member', ROLE.member);
  const member2 = person('member2', 'Max Member', ROLE.member);
  const guest = person('guest', 'Gus Guest', ROLE.guest);
  const former = person('former', 'Fay Former', ROLE.member);
  // Deactivated as the server does it: out of every group (here, her role group).
  former.is_active = false;
  for (const g of state.userGroups.values()) g.members.delete(former.user_id);

  const bot = (local: string, full_name: string, bot_type: number) =>
    addUser(state, {
      email: `${local}-bot@${DOMAIN}`,
      full_name,
      role: ROLE.member,
      date_joined: now,
      is_bot: true,
      bot_type,
      bot_owner_id: member.user_id,
    });
  bot('generic', 'Generic Bot', 1);
  bot('incoming', 'Incoming Webhook Bot', 2);
  const outgoing = bot('outgoing', 'Outgoing Webhook Bot', 3);
  outgoing.webhook = { url: '', token: 'outgoing-webhook-token' };
  bot('embedded', 'Embedded Bot', 4);

  const officeField = state.nextId('profile_field');
  state.profileFields.set(officeField, {
    id: officeField,
    name: 'Office location',
    hint: 'Where to find you',
    field_type: 1,
    field_data: {},
    display_in_profile_summary: true,
    required: false,
    editable_by_user: true,
    use_for_user_matching: false,
    order: officeField,
  });
  member.profile_data.set(officeField, 'Lisbon');

  const folderId = state.nextId('channel_folder');
  state.channelFolders.set(folderId, {
    channel_folder_id: folderId,
    name: 'Engineering',
    description: 'Channels of the engineering team',
    is_archived: false,
    order: folderId,
    date_created: now,
    creator_id: owner.user_id,
  });

  const general = addChannel(state, {
    name: 'general',
    description: 'Everyone',
    date_created: now,
    is_default: true,
  });
  const dev = addChannel(state, { name: 'development', date_created: now, folder_id: folderId });
  const secret = addChannel(state, { name: 'leadership', invite_only: true, date_created: now });
  const humans = [owner, admin, moderator, member, member2, guest];
  for (const u of humans) addSubscription(state, u.user_id, general.stream_id);
  for (const u of [owner, admin, member, member2]) addSubscription(state, u.user_id, dev.stream_id);
  for (const u of [owner, admin, moderator]) addSubscription(state, u.user_id, secret.stream_id);
  const mutedDev = state.subscription(member2.user_id, dev.stream_id);
  if (mutedDev) mutedDev.is_muted = true;

  const leads = addUserGroup(state, {
    name: 'support-leads',
    members: [moderator.user_id],
    date_created: now,
    creator_id: owner.user_id,
  });
  addUserGroup(state, {
    name: 'support',
    description: 'First line support',
    members: [member.user_id],
    subgroups: [leads.id],
    date_created: now,
    creator_id: owner.user_id,
  });
  seedRealmEmoji(state, member.user_id);
}

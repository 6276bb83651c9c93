/** Creates records with the defaults of a fresh account, channel or group and stores them. */
import { randomBytes } from 'node:crypto';
import type { ServerState } from './state.ts';
import type { ChannelRecord, SubscriptionRecord, UserGroupRecord, UserRecord } from './types.ts';

/** Each role's system group; the groups nest so that a role's group contains the stronger roles. */
export const ROLE_GROUP: Record<number, string> = {
  100: 'role:owners',
  200: 'role:administrators',
  300: 'role:moderators',
  400: 'role:members',
  600: 'role:everyone',
};

const COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
];

export function newApiKey(): string {
  return randomBytes(24).toString('base64url').slice(0, 32);
}

export interface NewUser {
  email: string;
  full_name: string;
  role: number;
  date_joined: number;
  password?: string;
  is_bot?: boolean;
  bot_type?: number | null;
  bot_owner_id?: number | null;
  api_key?: string;
  is_imported_stub?: boolean;
}

export function addUser(state: ServerState, u: NewUser): UserRecord {
  const user: UserRecord = {
    user_id: state.nextId('user'),
    email: u.email,
    delivery_email: u.email,
    full_name: u.full_name,
    role: u.role,
    is_active: true,
    is_bot: u.is_bot ?? false,
    bot_type: u.is_bot ? (u.bot_type ?? 1) : null,
    bot_owner_id: u.bot_owner_id ?? null,
    api_key: u.api_key ?? newApiKey(),
    password: u.password ?? newApiKey(),
    date_joined: u.date_joined,
    timezone: '',
    avatar_version: 1,
    is_imported_stub: u.is_imported_stub ?? false,
    can_create_users: false,
    settings: { ...state.realm.user_settings_defaults },
    profile_data: new Map(),
    alert_words: [],
    webhook: null,
    push_devices: [],
    has_videoprovider_token: false,
  };
  state.putUser(user);
  state.systemGroup(ROLE_GROUP[user.role] ?? 'role:members')?.members.add(user.user_id);
  return user;
}

export interface NewChannel {
  name: string;
  description?: string;
  invite_only?: boolean;
  date_created: number;
  creator_id?: number | null;
  folder_id?: number | null;
  is_default?: boolean;
}

export function addChannel(state: ServerState, c: NewChannel): ChannelRecord {
  const admins = state.systemGroup('role:administrators');
  const channel: ChannelRecord = {
    stream_id: state.nextId('channel'),
    name: c.name,
    description: c.description ?? '',
    invite_only: c.invite_only ?? false,
    is_web_public: false,
    history_public_to_subscribers: true,
    date_created: c.date_created,
    creator_id: c.creator_id ?? null,
    folder_id: c.folder_id ?? null,
    is_archived: false,
    is_default: c.is_default ?? false,
    can_remove_subscribers_group: admins?.id ?? 0,
    channel_admins: new Set(),
  };
  state.channels.set(channel.stream_id, channel);
  return channel;
}

export function addSubscription(
  state: ServerState,
  userId: number,
  streamId: number,
  color?: string,
): SubscriptionRecord {
  const existing = state.subscription(userId, streamId);
  if (existing) return existing;
  const sub: SubscriptionRecord = {
    user_id: userId,
    stream_id: streamId,
    color: color ?? COLORS[(streamId - 1) % COLORS.length] ?? '#76ce90',
    is_muted: false,
    pin_to_top: false,
    notify: {
      desktop_notifications: null,
      audible_notifications: null,
      push_notifications: null,
      email_notifications: null,
      wildcard_mentions_notify: null,
    },
  };
  state.putSubscription(sub);
  return sub;
}

export function addUserGroup(
  state: ServerState,
  g: {
    name: string;
    description?: string;
    members?: number[];
    subgroups?: number[];
    system?: boolean;
    date_created: number;
    creator_id?: number | null;
  },
): UserGroupRecord {
  const group: UserGroupRecord = {
    id: state.nextId('user_group'),
    name: g.name,
    description: g.description ?? '',
    members: new Set(g.members ?? []),
    subgroups: new Set(g.subgroups ?? []),
    is_system_group: g.system ?? false,
    deactivated: false,
    date_created: g.date_created,
    creator_id: g.creator_id ?? null,
  };
  state.userGroups.set(group.id, group);
  return group;
}

/**
 * Wire shapes of state records, as GET endpoints and POST /register return them and as
 * events carry them. Shared by both halves of the server.
 */
import type { ServerState } from './state.ts';
import { MarkdownRenderer } from '../markdown/render.ts';
import { AVAILABLE_NOTIFICATION_SOUNDS, homeViewForLevel } from './settings.ts';
import type {
  ChannelFolderRecord,
  ChannelRecord,
  GroupSettingValue,
  LinkifierRecord,
  ProfileFieldRecord,
  SavedSnippetRecord,
  SettingValue,
  SubscriptionRecord,
  UserGroupRecord,
  UserRecord,
} from './types.ts';
import { GROUP_PERMISSION_LEVELS, type GroupPermission } from '../../lib/wire/group-permissions.ts';
import { ROLE, SUBSCRIPTION_NOTIFY_PROPERTIES } from './types.ts';

/** Whether `viewer` may see `target`'s real email under the target's email_address_visibility. */
export function canSeeEmail(viewer: UserRecord, target: UserRecord): boolean {
  if (target.is_bot || viewer.user_id === target.user_id) return true;
  switch (target.settings.email_address_visibility) {
    case 1:
      return true;
    case 2:
      return viewer.role !== ROLE.guest;
    case 3:
      return viewer.role <= ROLE.admin;
    case 5:
      return viewer.role <= ROLE.moderator;
    default:
      return false;
  }
}

export interface UserViewOptions {
  clientGravatar?: boolean;
  includeCustomProfileFields?: boolean;
  baseUrl: string;
}

export function presentUser(
  state: ServerState,
  viewer: UserRecord,
  u: UserRecord,
  o: UserViewOptions,
): Record<string, unknown> {
  const emailVisible = canSeeEmail(viewer, u);
  const out: Record<string, unknown> = {
    user_id: u.user_id,
    delivery_email: emailVisible ? u.delivery_email : null,
    email: u.email,
    full_name: u.full_name,
    date_joined: new Date(u.date_joined * 1000).toISOString(),
    is_active: u.is_active,
    is_owner: u.role === ROLE.owner,
    is_admin: u.role <= ROLE.admin,
    is_guest: u.role === ROLE.guest,
    is_bot: u.is_bot,
    bot_type: u.bot_type,
    bot_owner_id: u.is_bot ? u.bot_owner_id : null,
    role: u.role,
    timezone: u.timezone,
    // Human avatars come from the third-party avatar service; bots have uploaded ones.
    avatar_url: o.clientGravatar && emailVisible && !u.is_bot ? null : avatarUrl(o.baseUrl, u),
    avatar_version: u.avatar_version,
    is_imported_stub: u.is_imported_stub,
  };
  // Before FL 163 the field was left out rather than null.
  if (out.delivery_email === null && state.featureLevel < 163) delete out.delivery_email;
  if (!u.is_bot && o.includeCustomProfileFields) out.profile_data = presentProfileData(state, u);
  return out;
}

export function avatarUrl(baseUrl: string, u: UserRecord): string {
  return `${baseUrl}/avatar/${u.user_id}?version=${u.avatar_version}`;
}

export function presentProfileData(
  state: ServerState,
  u: UserRecord,
): Record<string, { value: string; rendered_value?: string }> {
  const out: Record<string, { value: string; rendered_value?: string }> = {};
  for (const [id, value] of u.profile_data) {
    const field = state.profileFields.get(id);
    if (!field) continue;
    out[String(id)] =
      field.field_type === 1 || field.field_type === 2
        ? { value, rendered_value: renderMarkdown(value) }
        : { value };
  }
  return out;
}

/** Descriptions and profile values are Markdown too, rendered without mentions. */
const plainMarkdown = new MarkdownRenderer({
  userByName: () => undefined,
  userById: () => undefined,
  groupByName: () => undefined,
});

function renderMarkdown(s: string): string {
  return plainMarkdown.render(s).html;
}

export function renderDescription(s: string): string {
  return s === '' ? '' : renderMarkdown(s);
}

export function presentChannel(state: ServerState, c: ChannelRecord): Record<string, unknown> {
  return {
    stream_id: c.stream_id,
    name: c.name,
    description: c.description,
    rendered_description: renderDescription(c.description),
    date_created: c.date_created,
    creator_id: c.creator_id,
    invite_only: c.invite_only,
    is_web_public: c.is_web_public,
    history_public_to_subscribers: c.history_public_to_subscribers,
    is_archived: c.is_archived,
    folder_id: c.folder_id,
    is_default: c.is_default,
    stream_post_policy: 1,
    message_retention_days: null,
    first_message_id: null,
    subscriber_count: state.subscribersOf(c.stream_id).length,
    [state.featureLevel >= 197
      ? 'can_remove_subscribers_group'
      : 'can_remove_subscribers_group_id']: c.can_remove_subscribers_group,
    ...upstreamChannelExtras(state, c),
  };
}

/**
 * Fields upstream's channel object carries that this server has no data or policy for:
 * answered with upstream's values for a channel without them (nobody may subscribe
 * uninvited, no traffic estimate, announcement-only always false since posting is open).
 */
function upstreamChannelExtras(state: ServerState, c: ChannelRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { is_announcement_only: false };
  if (state.featureLevel >= 199) out.stream_weekly_traffic = null;
  // An in-memory server's channels were all created or written to within its own life,
  // which upstream's weeks-long activity window counts as recent; archived ones are not.
  if (state.featureLevel >= 323) out.is_recently_active = !c.is_archived;
  if (state.featureLevel >= 357)
    out.can_subscribe_group = state.systemGroup('role:nobody')?.id ?? 0;
  return out;
}

export interface SubscriptionViewOptions {
  includeSubscribers?: boolean | 'partial';
  /** Without the notification_settings_null capability, null settings are resolved to the user default. */
  notificationSettingsNull?: boolean;
}

export function presentSubscription(
  state: ServerState,
  sub: SubscriptionRecord,
  o: SubscriptionViewOptions = {},
): Record<string, unknown> {
  const channel = state.channels.get(sub.stream_id);
  const user = state.users.get(sub.user_id);
  if (!channel || !user) return {};
  const out: Record<string, unknown> = { ...presentChannel(state, channel) };
  if (o.includeSubscribers) out.subscribers = state.subscribersOf(channel.stream_id);
  for (const p of SUBSCRIPTION_NOTIFY_PROPERTIES) {
    const v = sub.notify[p];
    out[p] = v === null && o.notificationSettingsNull === false ? inheritedNotify(user, p) : v;
  }
  out.pin_to_top = sub.pin_to_top;
  out.is_muted = sub.is_muted;
  out.in_home_view = !sub.is_muted;
  out.color = sub.color;
  return out;
}

const INHERITED: Record<string, string> = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  email_notifications: 'enable_stream_email_notifications',
  push_notifications: 'enable_stream_push_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
};

function inheritedNotify(user: UserRecord, property: string): SettingValue | null {
  const setting = INHERITED[property];
  return setting === undefined ? null : (user.settings[setting] ?? null);
}

export function presentChannelFolder(f: ChannelFolderRecord): Record<string, unknown> {
  return {
    id: f.channel_folder_id,
    channel_folder_id: f.channel_folder_id,
    name: f.name,
    description: f.description,
    rendered_description: renderDescription(f.description),
    is_archived: f.is_archived,
    order: f.order,
    date_created: f.date_created,
    creator_id: f.creator_id,
  };
}

export function presentUserGroup(state: ServerState, g: UserGroupRecord): Record<string, unknown> {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    members: [...groupMemberList(state, g)].sort((a, b) => a - b),
    direct_subgroup_ids: [...g.subgroups].sort((a, b) => a - b),
    is_system_group: g.is_system_group,
    deactivated: g.deactivated,
    date_created: g.date_created,
    creator_id: g.creator_id,
    ...groupSettings(state, g),
  };
}

/**
 * Direct members. Before FL 303 upstream listed deactivated users who were members before
 * their deactivation too; since then only active ones.
 */
function groupMemberList(state: ServerState, g: UserGroupRecord): Iterable<number> {
  return state.featureLevel >= 303 ? state.groupMembers(g.id, true) : g.members;
}

/** The permission settings the feature level has; system groups have none upstream-editable. */
function groupSettings(state: ServerState, g: UserGroupRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const defaults = defaultGroupSettings(state, g);
  for (const [name, level] of Object.entries(GROUP_PERMISSION_LEVELS) as [
    GroupPermission,
    number,
  ][])
    if (state.featureLevel >= level) out[name] = g.settings?.[name] ?? defaults[name];
  return out;
}

/** Upstream's defaults for a new group: its creator manages it, everyone may mention it. */
export function defaultGroupSettings(
  state: ServerState,
  g: UserGroupRecord,
): Record<GroupPermission, GroupSettingValue> {
  const id = (name: string) => state.systemGroup(name)?.id ?? 0;
  const nobody = id('role:nobody');
  return {
    can_mention_group: id('role:everyone'),
    can_manage_group: g.is_system_group
      ? nobody
      : { direct_members: g.creator_id === null ? [] : [g.creator_id], direct_subgroups: [] },
    can_join_group: nobody,
    can_add_members_group: nobody,
    can_leave_group: g.is_system_group ? nobody : id('role:everyone'),
    can_remove_members_group: nobody,
  };
}

export function presentProfileField(f: ProfileFieldRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    hint: f.hint,
    field_type: f.field_type,
    field_data: Object.keys(f.field_data).length === 0 ? '' : JSON.stringify(f.field_data),
    order: f.order,
    display_in_profile_summary: f.display_in_profile_summary,
    required: f.required,
    editable_by_user: f.editable_by_user,
  };
  if (f.use_for_user_matching) out.use_for_user_matching = true;
  return out;
}

export function presentLinkifier(state: ServerState, l: LinkifierRecord): Record<string, unknown> {
  return {
    id: l.id,
    pattern: l.pattern,
    [state.featureLevel >= 176 ? 'url_template' : 'url_format_string']: l.url_template,
    reverse_template: l.reverse_template,
    alternative_url_templates: l.alternative_url_templates,
  };
}

export function presentSavedSnippet(s: SavedSnippetRecord): Record<string, unknown> {
  return {
    id: s.saved_snippet_id,
    saved_snippet_id: s.saved_snippet_id,
    title: s.title,
    content: s.content,
    date_created: s.date_created,
  };
}

/** Values as a client at the organization's feature level expects them. */
export function settingForLevel(
  state: ServerState,
  name: string,
  value: SettingValue,
): SettingValue {
  return name === 'web_home_view' ? homeViewForLevel(value, state.featureLevel) : value;
}

/** The `user_settings` object of POST /register. */
export function presentUserSettings(state: ServerState, u: UserRecord): Record<string, unknown> {
  return {
    default_language: 'en',
    ...presentSettings(state, u.settings),
    timezone: u.timezone,
    available_notification_sounds: AVAILABLE_NOTIFICATION_SOUNDS,
  };
}

export function presentSettings(
  state: ServerState,
  settings: Record<string, SettingValue>,
): Record<string, SettingValue> {
  return Object.fromEntries(
    Object.entries(settings).map(([k, v]) => [k, settingForLevel(state, k, v)]),
  );
}

/** A fresh organization: realm record, system groups, and the records every organization has. */
import { ServerState } from './state.ts';
import { addUserGroup } from './factory.ts';
import { initialDefaults } from './settings.ts';

export const CURRENT_FEATURE_LEVEL = 496;
export const DEFAULT_JWT_KEY = 'perch-reference-server-jwt-key';

export interface RealmOptions {
  featureLevel: number;
  jwtKey: string;
  now: number;
  isDemo?: boolean;
}

export function createState(o: RealmOptions): ServerState {
  const state = new ServerState({
    name: 'Perch Demo',
    description: '<p>The reference organization of Perch.</p>',
    icon: '/static/images/logo/icon.svg',
    url: '',
    feature_level: o.featureLevel,
    deactivated: false,
    deletion_delay_days: null,
    min_deletion_days: 14,
    max_deletion_days: null,
    demo_deletion_at: o.isDemo ? o.now + 30 * 86400 : null,
    empty_topic_display_name: 'general chat',
    topics_policy: 'allow_empty_topic',
    jwt_key: o.jwtKey,
    push_outcome: 'ok',
    video_provider_url: null,
    user_settings_defaults: initialDefaults(),
    max_channel_folder_name_length: 60,
    max_file_upload_size_mib: 25,
    max_channel_folder_description_length: 1024,
    can_add_subscribers_group: 0,
    can_invite_users_group: 0,
    create_multiuse_invite_group: 0,
    can_mention_many_users_group: 0,
    can_add_custom_emoji_group: 0,
    can_create_public_channel_group: 0,
    can_create_private_channel_group: 0,
    message_edit: {
      allow_message_editing: true,
      message_content_edit_limit_seconds: 600,
      message_content_delete_limit_seconds: null,
      move_messages_within_stream_limit_seconds: 7 * 86400,
      move_messages_between_streams_limit_seconds: 7 * 86400,
      can_delete_any_message_group: 0,
      can_delete_own_message_group: 0,
      can_move_messages_between_channels_group: 0,
      can_move_messages_between_topics_group: 0,
      can_resolve_topics_group: 0,
    },
  });
  addSystemGroups(state, o.now);
  const members = state.systemGroup('role:members')?.id ?? 0;
  state.realm.can_add_subscribers_group = members;
  state.realm.can_invite_users_group = members;
  state.realm.create_multiuse_invite_group = state.systemGroup('role:administrators')?.id ?? 0;
  state.realm.can_add_custom_emoji_group = members;
  state.realm.can_create_public_channel_group = members;
  state.realm.can_create_private_channel_group = members;
  state.realm.can_mention_many_users_group = state.systemGroup('role:administrators')?.id ?? 0;
  // Upstream's defaults for a new organization.
  const group = (name: string) => state.systemGroup(name)?.id ?? 0;
  Object.assign(state.realm.message_edit, {
    can_delete_any_message_group: group('role:administrators'),
    can_delete_own_message_group: group('role:everyone'),
    can_move_messages_between_channels_group: members,
    can_move_messages_between_topics_group: group('role:everyone'),
    can_resolve_topics_group: group('role:everyone'),
  });
  return state;
}

function addSystemGroups(state: ServerState, now: number): void {
  const nest = [
    'role:owners',
    'role:administrators',
    'role:moderators',
    'role:members',
    'role:everyone',
  ];
  let previous: number | undefined;
  for (const name of nest) {
    const g = addUserGroup(state, {
      name,
      system: true,
      date_created: now,
      subgroups: previous === undefined ? [] : [previous],
    });
    previous = g.id;
  }
  addUserGroup(state, { name: 'role:nobody', system: true, date_created: now });
}

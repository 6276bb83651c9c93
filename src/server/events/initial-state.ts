/**
 * The initial state of POST /register: one section per event type, so that a client
 * gets exactly the state it will then keep current from the events it asked for.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { allStatuses } from '../presence/status.ts';
import { presencesFor } from '../presence/store.ts';
import { LAST_UPDATE_ID_LEVEL } from '../routes/presence.ts';
import { realmEmojiDict } from '../emoji/realm-emoji.ts';
import { userDrafts } from '../drafts/store.ts';
import { scheduledMessages } from '../scheduled/scheduled-messages.ts';
import { creationPolicyKeys } from '../state/channel-policy.ts';
import type { Messaging } from '../messages/service.ts';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../messages/limits.ts';
import { topicsPolicyKeys } from '../messages/topics-policy.ts';
import {
  presentChannel,
  presentChannelFolder,
  presentLinkifier,
  presentProfileField,
  presentSavedSnippet,
  presentSettings,
  presentSubscription,
  presentUser,
  presentUserGroup,
  presentUserSettings,
} from '../state/present.ts';
import { ROLE, type UserRecord } from '../state/types.ts';
import { showsDeactivatedGroups } from './deactivated-groups.ts';
import { unreadMsgs } from './unreads.ts';
import { addUpstreamKeys } from './upstream-keys.ts';

export interface StateRequest {
  /** null: every section. */
  fetchEventTypes: ReadonlySet<string> | null;
  includeSubscribers: boolean | 'partial';
  clientGravatar: boolean;
  capabilities: Readonly<Record<string, boolean>>;
  /** Register's `slim_presence`: presences keyed by user id in the modern format. */
  slimPresence?: boolean;
  presenceHistoryDays?: number | undefined;
}

interface Build {
  ctx: ServerContext;
  messaging: Messaging;
  user: UserRecord;
  req: StateRequest;
}

type Section = (b: Build) => Record<string, unknown>;

const USER_SETTINGS_LEVEL = 89;
const USER_TOPIC_LEVEL = 134;

const sections: Record<string, Section> = {
  realm_user: ({ ctx, user, req }) => {
    const o = {
      clientGravatar: req.clientGravatar,
      includeCustomProfileFields: true,
      baseUrl: ctx.baseUrl,
    };
    const all = [...ctx.state.users.values()];
    return {
      realm_users: all.filter((u) => u.is_active).map((u) => presentUser(ctx.state, user, u, o)),
      realm_non_active_users: all
        .filter((u) => !u.is_active)
        .map((u) => presentUser(ctx.state, user, u, o)),
      ...identity(user),
    };
  },
  realm: ({ ctx }) => {
    const realm = ctx.state.realm;
    return {
      realm_name: realm.name,
      realm_url: ctx.baseUrl,
      realm_uri: ctx.baseUrl,
      realm_icon: ctx.baseUrl + realm.icon,
      realm_description: realm.description,
      realm_empty_topic_display_name: realm.empty_topic_display_name,
      ...topicsPolicyKeys(ctx.state),
      realm_is_demo_organization: realm.demo_deletion_at !== null,
      // UNIX seconds, as upstream names it; clients check spec 4.19's demo rule before sending.
      ...(realm.demo_deletion_at !== null
        ? { demo_organization_scheduled_deletion_date: realm.demo_deletion_at }
        : {}),
      server_min_deactivated_realm_deletion_days: realm.min_deletion_days,
      server_max_deactivated_realm_deletion_days: realm.max_deletion_days,
      max_channel_folder_name_length: realm.max_channel_folder_name_length,
      max_channel_folder_description_length: realm.max_channel_folder_description_length,
      max_message_length: MAX_MESSAGE_LENGTH,
      // The group setting replaced the policy enum at FL 352; 5 is "administrators only".
      ...(ctx.state.featureLevel >= 352
        ? { realm_can_mention_many_users_group: realm.can_mention_many_users_group }
        : { realm_wildcard_mention_policy: 5 }),
      max_topic_length: MAX_TOPIC_LENGTH,
      // A group setting from FL 307; the older policy enum is not modelled.
      ...(ctx.state.featureLevel >= 307
        ? { realm_can_add_custom_emoji_group: realm.can_add_custom_emoji_group }
        : {}),
      ...creationPolicyKeys(ctx.state),
      ...(ctx.state.featureLevel >= 209
        ? { realm_create_multiuse_invite_group: realm.create_multiuse_invite_group }
        : {}),
      ...(ctx.state.featureLevel >= 321
        ? { realm_can_invite_users_group: realm.can_invite_users_group }
        : {}),
      ...Object.fromEntries(
        Object.entries(realm.message_edit).map(([key, value]) => [`realm_${key}`, value]),
      ),
      max_file_upload_size_mib: realm.max_file_upload_size_mib,
      // The typing protocol's periods (FL 204); older clients hard-coded these same values.
      ...(ctx.state.featureLevel >= 204
        ? {
            server_typing_started_wait_period_milliseconds:
              realm.typing_periods?.started_wait ?? 10_000,
            server_typing_stopped_wait_period_milliseconds:
              realm.typing_periods?.stopped_wait ?? 5_000,
            server_typing_started_expiry_period_milliseconds:
              realm.typing_periods?.started_expiry ?? 15_000,
          }
        : {}),
    };
  },
  user_settings: ({ ctx, user, req }) => {
    const settings = presentUserSettings(ctx.state, user);
    // Neither the object nor the capability existed yet.
    if (ctx.state.featureLevel < USER_SETTINGS_LEVEL) return { ...settings };
    // Clients without the user_settings_object capability read settings at top level.
    return req.capabilities.user_settings_object
      ? { user_settings: settings }
      : { user_settings: settings, ...settings };
  },
  realm_user_settings_defaults: ({ ctx }) => ({
    realm_user_settings_defaults: presentSettings(
      ctx.state,
      ctx.state.realm.user_settings_defaults,
    ),
  }),
  subscription: ({ ctx, user, req }) => {
    const subs = ctx.state.subscriptionsOf(user.user_id);
    const subscribed = new Set(subs.map((s) => s.stream_id));
    const o = {
      includeSubscribers: req.includeSubscribers,
      notificationSettingsNull: req.capabilities.notification_settings_null === true,
    };
    return {
      subscriptions: subs.map((s) => presentSubscription(ctx.state, s, o)),
      unsubscribed: [],
      never_subscribed: [...ctx.state.channels.values()]
        .filter((c) => !subscribed.has(c.stream_id) && ctx.state.canAccessChannel(user, c))
        .map((c) => presentChannel(ctx.state, c)),
    };
  },
  stream: ({ ctx, user }) => ({
    streams: [...ctx.state.channels.values()]
      .filter((c) => ctx.state.canAccessChannel(user, c))
      .map((c) => presentChannel(ctx.state, c)),
  }),
  message: ({ messaging }) => ({ max_message_id: messaging.store.maxId }),
  update_message_flags: ({ messaging, user }) => ({
    unread_msgs: unreadMsgs(messaging.store, user.user_id),
  }),
  user_topic: ({ ctx, user }) => {
    const mine = [...ctx.state.userTopics.values()].filter((t) => t.user_id === user.user_id);
    if (ctx.state.featureLevel < USER_TOPIC_LEVEL) {
      // Muting was the only policy, and topics were listed by channel name.
      return {
        muted_topics: mine
          .filter((t) => t.visibility_policy === 1)
          .map((t) => [ctx.state.channels.get(t.stream_id)?.name, t.topic_name, t.last_updated]),
      };
    }
    return {
      user_topics: mine.map(({ stream_id, topic_name, last_updated, visibility_policy }) => ({
        stream_id,
        topic_name,
        last_updated,
        visibility_policy,
      })),
    };
  },
  // Upstream's include_deactivated_groups: without it, only active groups are listed.
  user_group: ({ ctx, req }) => ({
    realm_user_groups: [...ctx.state.userGroups.values()]
      .filter((g) => !g.deactivated || showsDeactivatedGroups(ctx.state, req.capabilities))
      .map((g) => presentUserGroup(ctx.state, g)),
  }),
  alert_words: ({ user }) => ({ alert_words: [...user.alert_words] }),
  channel_folder: ({ ctx }) => ({
    channel_folders: [...ctx.state.channelFolders.values()].map(presentChannelFolder),
  }),
  saved_snippets: ({ ctx, user }) => ({
    saved_snippets: [...ctx.state.savedSnippets.values()]
      .filter((s) => s.user_id === user.user_id)
      .map(presentSavedSnippet),
  }),
  realm_emoji: ({ ctx }) => ({ realm_emoji: realmEmojiDict(ctx.state) }),
  drafts: ({ ctx, user }) => ({ drafts: userDrafts(ctx.state, user.user_id) }),
  scheduled_messages: ({ ctx, user }) => ({
    scheduled_messages: scheduledMessages(ctx).list(user),
  }),
  realm_linkifiers: ({ ctx }) => ({
    realm_linkifiers: [...ctx.state.linkifiers.values()].map((l) => presentLinkifier(ctx.state, l)),
  }),
  custom_profile_fields: ({ ctx }) => ({
    custom_profile_fields: [...ctx.state.profileFields.values()].map(presentProfileField),
  }),
  presence: ({ ctx, req }) => {
    const { presences, lastUpdateId } = presencesFor(ctx.state, {
      modern: req.slimPresence === true,
      historyDays: req.presenceHistoryDays,
      now: nowSeconds(ctx),
    });
    return {
      presences,
      server_timestamp: ctx.clock.now() / 1000,
      ...(ctx.state.featureLevel >= LAST_UPDATE_ID_LEVEL
        ? { presence_last_update_id: lastUpdateId }
        : {}),
    };
  },
  user_status: ({ ctx }) => ({ user_status: allStatuses(ctx.state) }),
  has_videoprovider_token: ({ user }) => ({
    has_videoprovider_token: user.has_videoprovider_token,
  }),
};

/**
 * The names the widely deployed server gives these sections in fetch_event_types, accepted
 * beside this server's own so that a client written for either gets the state it asks for.
 */
const SECTION_ALIASES: Readonly<Record<string, string>> = {
  realm_user_groups: 'user_group',
  channel_folders: 'channel_folder',
  video_calls: 'has_videoprovider_token',
};

/** Sections an older server knew only by their former names. */
const FORMER_NAMES = [
  {
    section: 'user_settings',
    since: USER_SETTINGS_LEVEL,
    names: ['update_display_settings', 'update_global_notifications'],
  },
  { section: 'user_topic', since: USER_TOPIC_LEVEL, names: ['muted_topics'] },
];

function sectionNames(requested: ReadonlySet<string>, featureLevel: number): Set<string> {
  const names = new Set([...requested].map((name) => SECTION_ALIASES[name] ?? name));
  for (const { section, since, names: former } of FORMER_NAMES) {
    if (featureLevel >= since) continue;
    if (former.some((name) => requested.has(name))) names.add(section);
    else names.delete(section);
  }
  return names;
}

/** Who the caller is; part of every register response whatever was fetched. */
function identity(user: UserRecord): Record<string, unknown> {
  return {
    user_id: user.user_id,
    email: user.email,
    delivery_email: user.delivery_email,
    full_name: user.full_name,
    role: user.role,
    is_admin: user.role <= ROLE.admin,
    is_owner: user.role === ROLE.owner,
    is_moderator: user.role === ROLE.moderator,
    is_guest: user.role === ROLE.guest,
    can_create_users: user.can_create_users,
  };
}

export function initialState(
  ctx: ServerContext,
  messaging: Messaging,
  user: UserRecord,
  req: StateRequest,
): Record<string, unknown> {
  const out: Record<string, unknown> = identity(user);
  const wanted = req.fetchEventTypes && sectionNames(req.fetchEventTypes, ctx.state.featureLevel);
  for (const [type, build] of Object.entries(sections)) {
    // Unread counts come with messages as well as with their flag updates.
    const fetched =
      wanted === null ||
      wanted.has(type) ||
      (type === 'update_message_flags' && wanted.has('message'));
    if (fetched) Object.assign(out, build({ ctx, messaging, user, req }));
  }
  const source = { ctx, messaging, user, capabilities: req.capabilities };
  addUpstreamKeys(out, source, req.fetchEventTypes, SECTION_ALIASES);
  return out;
}

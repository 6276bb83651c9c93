/**
 * Arguments and results of the admin console's organization channels:
 * defaults for new users (spec 4.1), invitations (4.7), push (4.12, 4.20), video calls
 * (4.21), channel folders (4.3, 4.6), custom profile fields (4.8) and deactivation (4.19);
 * and who may invite (upstream PATCH /realm).
 */
import { z } from 'zod';
import { GroupSetting } from './admin-channels.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

type ParamSpec =
  | { type: 'boolean'; sinceLevel?: number }
  | { type: 'integer'; values?: readonly number[]; min?: number }
  | { type: 'string'; values?: readonly string[] };

const flag = (sinceLevel?: number): ParamSpec =>
  sinceLevel === undefined ? { type: 'boolean' } : { type: 'boolean', sinceLevel };
const choice = (...values: number[]): ParamSpec => ({ type: 'integer', values });
const word = (...values: string[]): ParamSpec => ({ type: 'string', values });
const count: ParamSpec = { type: 'integer', min: 1 };
const text: ParamSpec = { type: 'string' };

/** Every parameter of PATCH /realm/user_settings_defaults with the values spec 4.1 allows. */
export const DEFAULTS_PARAMS = {
  starred_message_counts: flag(),
  fluid_layout_width: flag(),
  translate_emoticons: flag(),
  receives_typing_notifications: flag(253),
  web_suggest_update_timezone: flag(329),
  high_contrast_mode: flag(),
  web_channel_default_view: choice(1, 2, 3, 4),
  web_font_size_px: count,
  web_line_height_percent: count,
  color_scheme: choice(1, 2, 3),
  enable_drafts_synchronization: flag(),
  display_emoji_reaction_users: flag(),
  web_home_view: word('recent', 'inbox', 'all_messages'),
  web_escape_navigates_to_home_view: flag(),
  left_side_userlist: flag(),
  // Besides `text`, two artwork sets whose names the spec leaves to the server.
  emojiset: text,
  demote_inactive_streams: choice(1, 2, 3),
  user_list_style: choice(1, 2, 3),
  web_animate_image_previews: word('always', 'on_hover', 'never'),
  web_stream_unreads_count_display_policy: choice(1, 2, 3),
  hide_ai_features: flag(),
  web_inbox_show_channel_folders: flag(),
  enable_stream_desktop_notifications: flag(),
  enable_stream_email_notifications: flag(),
  enable_stream_push_notifications: flag(),
  enable_stream_audible_notifications: flag(),
  notification_sound: text,
  enable_desktop_notifications: flag(),
  enable_sounds: flag(),
  enable_followed_topic_desktop_notifications: flag(),
  enable_followed_topic_email_notifications: flag(),
  enable_followed_topic_push_notifications: flag(),
  enable_followed_topic_audible_notifications: flag(),
  email_notifications_batching_period_seconds: count,
  enable_offline_email_notifications: flag(),
  enable_offline_push_notifications: flag(),
  enable_online_push_notifications: flag(),
  enable_digest_emails: flag(),
  message_content_in_email_notifications: flag(),
  pm_content_in_desktop_notifications: flag(),
  wildcard_mentions_notify: flag(),
  enable_followed_topic_wildcard_mentions_notify: flag(),
  desktop_icon_count_display: choice(1, 2, 3, 4),
  // The spec does not list this policy's values.
  realm_name_in_email_notifications_policy: { type: 'integer' },
  automatically_follow_topics_policy: choice(1, 2, 3, 4),
  automatically_unmute_topics_in_muted_streams_policy: choice(1, 2, 3, 4),
  automatically_follow_topics_where_mentioned: flag(),
  resolved_topic_notice_auto_read_policy: word('always', 'except_followed', 'never'),
  presence_enabled: flag(),
  enter_sends: flag(),
  twenty_four_hour_time: flag(),
  send_private_typing_notifications: flag(),
  send_stream_typing_notifications: flag(),
  send_read_receipts: flag(),
  email_address_visibility: choice(1, 2, 3, 4, 5),
  web_navigate_to_sent_message: flag(),
  // Upstream FL 175: 1 always, 2 only in conversation views, 3 never.
  web_mark_read_on_scroll_policy: choice(1, 2, 3),
} as const satisfies Record<string, ParamSpec>;

export type DefaultsParam = keyof typeof DEFAULTS_PARAMS;
export const DEFAULTS_PARAM_NAMES = Object.keys(DEFAULTS_PARAMS) as DefaultsParam[];

/** The feature level a parameter arrived at; 0 for those every supported server knows. */
export function paramSinceLevel(name: DefaultsParam): number {
  const spec: ParamSpec = DEFAULTS_PARAMS[name];
  return 'sinceLevel' in spec ? (spec.sinceLevel ?? 0) : 0;
}

function valueSchema(spec: ParamSpec): z.ZodType<boolean | number | string> {
  switch (spec.type) {
    case 'boolean':
      return z.boolean();
    case 'integer': {
      const allowed = spec.values;
      const base = z
        .number()
        .int()
        .min(spec.min ?? Number.MIN_SAFE_INTEGER);
      return allowed
        ? base.refine((v) => allowed.includes(v), `must be one of ${allowed.join(', ')}`)
        : base;
    }
    case 'string':
      return spec.values
        ? z.enum(spec.values as [string, ...string[]])
        : z.string().min(1, 'must not be empty').max(200);
  }
}

const shape = Object.fromEntries(
  DEFAULTS_PARAM_NAMES.map((name) => [name, valueSchema(DEFAULTS_PARAMS[name]).optional()]),
) as Record<DefaultsParam, z.ZodOptional<z.ZodType<boolean | number | string>>>;

/**
 * A set of organization defaults: what a change sends, and what an exported file holds.
 * Strict, so a file with a misspelt or unknown setting is refused by name.
 */
export const DefaultsValues = lazySchema(() => z.object(shape).strict());
export type DefaultsValues = z.infer<typeof DefaultsValues>;

const accountId = lazySchema(() => z.string().min(1));

/** Calls that only name the account. */
export const AccountArg = lazySchema(() => z.object({ accountId }).strict());

/** `ignored_parameters_unsupported` of the server's answer. */
export const Ignored = lazySchema(() => z.object({ ignoredParameters: z.array(z.string()) }));

/** A record the server created, by its new id. */
export const Created = lazySchema(() => Ignored.extend({ id: z.number().int() }));

export const ChannelOption = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    isDefault: z.boolean(),
    inviteOnly: z.boolean(),
  }),
);
export type ChannelOption = z.infer<typeof ChannelOption>;

export const GroupOption = lazySchema(() => z.object({ id: z.number().int(), name: z.string() }));
export type GroupOption = z.infer<typeof GroupOption>;

export const ChannelFolder = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    isArchived: z.boolean(),
  }),
);
export type ChannelFolder = z.infer<typeof ChannelFolder>;

export const ProfileFieldSummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    fieldType: z.number().int(),
    inSummary: z.boolean(),
    // What an edit of the field starts from.
    hint: z.string(),
    fieldData: z.record(z.string(), z.unknown()),
    required: z.boolean(),
    editableByUser: z.boolean(),
  }),
);
export type ProfileFieldSummary = z.infer<typeof ProfileFieldSummary>;

/** The organization's "who may invite" group settings (owners change them). */
export const InvitePermissionName = lazySchema(() =>
  z.enum(['can_invite_users_group', 'create_multiuse_invite_group']),
);
export type InvitePermissionName = z.infer<typeof InvitePermissionName>;

/** What the organization panels need from one POST /register, fetched fresh. */
export const OrgContext = lazySchema(() =>
  z.object({
    featureLevel: z.number().int(),
    role: z.number().int(),
    /** The caller's real email is empty: matters for deactivating a demo organization. */
    ownerHasEmail: z.boolean(),
    isDemo: z.boolean(),
    /** Days until a demo organization is deleted anyway, when the server says. */
    demoDaysLeft: z.number().int().nullable(),
    defaults: z.record(z.string(), z.unknown()),
    channels: z.array(ChannelOption),
    groups: z.array(GroupOption),
    folders: z.array(ChannelFolder),
    folderNameMax: z.number().int(),
    folderDescriptionMax: z.number().int(),
    profileFields: z.array(ProfileFieldSummary),
    minDeletionDays: z.number().int().nullable(),
    maxDeletionDays: z.number().int().nullable(),
    hasVideoToken: z.boolean(),
    /** Each setting's value; absent where this server does not report it (too old). */
    invitePermissions: z.partialRecord(InvitePermissionName, GroupSetting),
  }),
);
export type OrgContext = z.infer<typeof OrgContext>;

const ids = lazySchema(() => z.array(z.number().int().positive()).max(1000));

export const InviteArgs = lazySchema(() =>
  z
    .object({
      accountId,
      inviteeEmails: z.string().trim().min(1, 'enter at least one address').max(100_000),
      expiresInMinutes: z.number().int().positive().nullable().optional(),
      inviteAs: z.union([
        z.literal(100),
        z.literal(200),
        z.literal(300),
        z.literal(400),
        z.literal(600),
      ]),
      streamIds: ids,
      groupIds: ids,
      includeRealmDefaultSubscriptions: z.boolean(),
      notifyReferrerOnJoin: z.boolean(),
      welcomeMessage: z
        .string()
        .refine((s) => [...s].length <= 8000, 'at most 8000 characters')
        .nullable()
        .optional(),
    })
    .strict(),
);

export const FolderArgs = lazySchema(() =>
  z
    .object({
      accountId,
      folderId: z.number().int().positive(),
      name: z.string().min(1, 'must not be empty').optional(),
      description: z.string().optional(),
      isArchived: z.boolean().optional(),
    })
    .strict()
    .refine(
      (a) => a.name !== undefined || a.description !== undefined || a.isArchived !== undefined,
      {
        message: 'name something to change',
      },
    ),
);

export const ProfileFieldArgs = lazySchema(() =>
  z
    .object({
      accountId,
      name: z.string().max(1000),
      hint: z.string().max(1000),
      fieldType: z.number().int().min(1).max(8),
      fieldData: z.record(z.string(), z.unknown()).optional(),
      displayInProfileSummary: z.boolean(),
      required: z.boolean(),
      editableByUser: z.boolean(),
      useForUserMatching: z.boolean(),
    })
    .strict(),
);

export const DefaultsUpdateArgs = lazySchema(() =>
  z
    .object({ accountId, changes: DefaultsValues })
    .strict()
    .refine((a) => Object.keys(a.changes).length > 0, { message: 'change at least one default' }),
);

/**
 * Each changed setting's new value and the value the panel showed, so the server refuses
 * the change if someone else changed the setting meanwhile.
 */
export const InvitePermissionsArgs = lazySchema(() =>
  z
    .object({
      accountId,
      settings: z.partialRecord(
        InvitePermissionName,
        z.object({ new: GroupSetting, old: GroupSetting }).strict(),
      ),
    })
    .strict()
    .refine((a) => Object.keys(a.settings).length > 0, { message: 'change at least one setting' }),
);

export const TestPushArgs = lazySchema(() =>
  z.object({ accountId, deviceId: z.number().int().positive().optional() }).strict(),
);

export const LegacyPushTokenArgs = lazySchema(() =>
  z
    .object({
      accountId,
      token: z.string().trim().min(1, 'enter the device token').max(512),
      appid: z.string().trim().min(1, 'enter the app id').max(200),
    })
    .strict(),
);

export const CreateFolderArgs = lazySchema(() =>
  z
    .object({ accountId, name: z.string().min(1, 'must not be empty'), description: z.string() })
    .strict(),
);

export const DeactivateArgs = lazySchema(() =>
  z
    .object({ accountId, deletionDelayDays: z.number().int().min(0).nullable().optional() })
    .strict(),
);

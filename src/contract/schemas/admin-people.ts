/**
 * Wire shapes of the admin console's people panels: users (spec 4.4, 4.14), user groups
 * (4.15, 4.18), linkifiers (4.16), saved snippets (4.17) and subscriptions (4.9, 4.11).
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountArg = lazySchema(() => z.string().min(1));
const positiveId = lazySchema(() => z.number().int().positive());

export const PeopleAccountArgs = lazySchema(() => z.object({ accountId: accountArg }).strict());
/** One saved snippet or linkifier of the account, by id. */
export const PeopleItemArgs = lazySchema(() =>
  z.object({ accountId: accountArg, id: positiveId }).strict(),
);

/** A person as the pickers and the bot-ownership rule need them. */
export const PersonRef = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    isActive: z.boolean(),
    isBot: z.boolean(),
    botOwnerId: z.number().int().nullable(),
  }),
);
export type PersonRef = z.infer<typeof PersonRef>;

export const GroupInfo = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    members: z.array(z.number().int()),
    subgroups: z.array(z.number().int()),
    deactivated: z.boolean(),
    /** Role groups the server keeps itself; their membership follows roles, not edits. */
    isSystemGroup: z.boolean(),
    creatorId: z.number().int().nullable(),
  }),
);
export type GroupInfo = z.infer<typeof GroupInfo>;

/** Spec 2.4: the per-channel notification settings that may inherit the user default. */
export const NotifyProperty = lazySchema(() =>
  z.enum([
    'desktop_notifications',
    'audible_notifications',
    'push_notifications',
    'email_notifications',
    'wildcard_mentions_notify',
  ]),
);
export type NotifyProperty = z.infer<typeof NotifyProperty>;

/** What the people panels need to know about the caller and the organization, fetched fresh. */
export const PeopleContext = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    /** The role the server reports now (the account's stored role may be older). */
    role: z.number().int(),
    canCreateUsers: z.boolean(),
    featureLevel: z.number().int(),
    users: z.array(PersonRef),
    groups: z.array(GroupInfo),
    /** The user-level defaults a channel's notification setting inherits (spec 2.4). */
    notifyDefaults: z.record(NotifyProperty, z.boolean()),
  }),
);
export type PeopleContext = z.infer<typeof PeopleContext>;

export const ProfileEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    fieldType: z.number().int(),
    value: z.string(),
    /** Server-rendered HTML (user-generated): the renderer sanitizes it before showing it. */
    renderedHtml: z.string().optional(),
  }),
);

export const UserDetails = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    deliveryEmail: z.string().nullable(),
    role: z.number().int(),
    isActive: z.boolean(),
    isDeleted: z.boolean(),
    isBot: z.boolean(),
    botType: z.number().int().nullable(),
    dateJoined: z.string(),
    timezone: z.string(),
    profile: z.array(ProfileEntry),
  }),
);
export type UserDetails = z.infer<typeof UserDetails>;

export const LookupArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      userId: positiveId.optional(),
      email: z.string().trim().min(1).max(320).optional(),
    })
    .strict()
    .refine((a) => (a.userId === undefined) !== (a.email === undefined), {
      message: 'give either a user id or an email',
    }),
);

export const CreateUserArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      email: z.string().trim().min(1, 'enter the email').max(320),
      password: z.string().min(1, 'enter a password').max(4096),
      fullName: z.string().trim().min(1, 'enter the full name').max(200),
    })
    .strict(),
);

const idList = lazySchema(() => z.array(positiveId).max(1000).optional());

export const GroupMembersArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      groupId: positiveId,
      add: idList,
      delete: idList,
      addSubgroups: idList,
      deleteSubgroups: idList,
    })
    .strict()
    .refine(
      (a) => [a.add, a.delete, a.addSubgroups, a.deleteSubgroups].some((l) => l && l.length > 0),
      { message: 'name at least one member or subgroup to add or remove' },
    ),
);

export const MembershipArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      groupId: positiveId,
      userId: positiveId,
      directOnly: z.boolean(),
    })
    .strict(),
);

export const LinkifierWire = lazySchema(() =>
  z.object({
    id: z.number().int(),
    pattern: z.string(),
    urlTemplate: z.string(),
    reverseTemplate: z.string().nullable(),
    alternativeUrlTemplates: z.array(z.string()),
  }),
);
export type LinkifierWire = z.infer<typeof LinkifierWire>;

export const AddLinkifierArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      pattern: z.string().min(1, 'enter a pattern').max(1000),
      urlTemplate: z.string().min(1, 'enter a URL template').max(2000),
      reverseTemplate: z.string().max(2000).nullable(),
      alternativeUrlTemplates: z.array(z.string().min(1).max(2000)).max(20),
      exampleInput: z.string().max(1000).optional(),
    })
    .strict(),
);

export const SnippetWire = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
  }),
);
export type SnippetWire = z.infer<typeof SnippetWire>;

export const CreateSnippetArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      // Spec 4.17: both required and non-empty; the server's refusal is still shown if it differs.
      title: z.string().max(1000),
      content: z.string().max(100_000),
    })
    .strict(),
);

export const SubscriptionWire = lazySchema(() =>
  z.object({
    streamId: z.number().int(),
    name: z.string(),
    inviteOnly: z.boolean(),
    color: z.string(),
    isMuted: z.boolean(),
    pinToTop: z.boolean(),
    notify: z.record(NotifyProperty, z.boolean().nullable()),
  }),
);
export type SubscriptionWire = z.infer<typeof SubscriptionWire>;

const hexColor = /^#[0-9a-fA-F]{6}$/;

export const UpdateSubscriptionArgs = lazySchema(() =>
  z.discriminatedUnion('property', [
    z
      .object({
        accountId: accountArg,
        streamId: positiveId,
        property: z.literal('color'),
        value: z.string().regex(hexColor, 'a colour is # and six hex digits'),
      })
      .strict(),
    z
      .object({
        accountId: accountArg,
        streamId: positiveId,
        property: z.enum(['is_muted', 'pin_to_top', ...NotifyProperty.options]),
        value: z.boolean(),
      })
      .strict(),
  ]),
);

export const UnsubscribeArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      channels: z.array(z.string().min(1).max(200)).min(1, 'choose at least one channel').max(500),
      // Spec 4.9: user ids (preferred) or API emails, not a mix.
      principals: z
        .union([z.array(positiveId).min(1), z.array(z.string().min(1).max(320)).min(1)])
        .optional(),
    })
    .strict(),
);

export const UnsubscribeResult = lazySchema(() =>
  z.object({
    removed: z.array(z.string()),
    notRemoved: z.array(z.string()),
  }),
);

/** One person, by id (rename, custom profile fields). */
export const PersonArgs = lazySchema(() =>
  z.object({ accountId: accountArg, userId: positiveId }).strict(),
);

/** Upstream update-user full_name; the server's own limits (2 to 100 characters) decide. */
export const RenameArgs = lazySchema(() =>
  PersonArgs.extend({
    fullName: z.string().trim().min(1, 'enter the new name').max(200),
  }).strict(),
);

/** A custom profile field as the edit form shows it, with the person's current value. */
export const ProfileFormField = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    hint: z.string(),
    fieldType: z.number().int(),
    /** "List of options" fields: the choices, in the organization's order. */
    choices: z.array(z.object({ value: z.string(), text: z.string() })),
    /** The stored text ("" when unset); for a "Users" field, see `people`. */
    value: z.string(),
    /** "Users" fields: the ids the value holds. */
    people: z.array(z.number().int()),
  }),
);
export type ProfileFormField = z.infer<typeof ProfileFormField>;

export const ProfileForm = lazySchema(() => z.object({ fields: z.array(ProfileFormField) }));
export type ProfileForm = z.infer<typeof ProfileForm>;

/** New values of some fields: text, a "Users" field's ids, or null to clear the field. */
export const ProfileValuesArgs = lazySchema(() =>
  PersonArgs.extend({
    values: z
      .array(
        z
          .object({
            id: positiveId,
            value: z.union([z.string().max(10_000), z.array(positiveId).max(1000), z.null()]),
          })
          .strict(),
      )
      .min(1, 'change at least one field')
      .max(200),
  }).strict(),
);
export type ProfileValuesArgs = z.infer<typeof ProfileValuesArgs>;

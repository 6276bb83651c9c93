/**
 * Spec 2.4 channel subscription, plus `color` and `folder_id` (docs/api-notes.md "POST
 * /register response"), and the channel permission of spec 2.7.
 */
import { z } from 'zod';
import { integer, integerList, renamedFrom, stringList } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const inheritable = lazySchema(() => z.boolean().nullable());

/** A user group setting: a group id, or an anonymous group of members and subgroups. */
export const groupSettingSchema = lazySchema(() =>
  z.union([integer, z.looseObject({ direct_members: integerList, direct_subgroups: integerList })]),
);

/** Named can_remove_subscribers_group_id before FL 197. */
const currentPermissionName = renamedFrom(
  'can_remove_subscribers_group_id',
  'can_remove_subscribers_group',
);

const subscriptionFields = lazySchema(() =>
  z.looseObject({
    stream_id: integer,
    name: z.string(),
    description: z.string(),
    rendered_description: z.string(),
    // New at FL 30.
    date_created: integer.optional(),
    // New at FL 254; absent from older servers, which record no creator either.
    creator_id: integer.nullable().default(null),
    invite_only: z.boolean(),
    subscribers: integerList.optional(),
    partial_subscribers: integerList.optional(),
    desktop_notifications: inheritable,
    email_notifications: inheritable,
    push_notifications: inheritable,
    audible_notifications: inheritable,
    wildcard_mentions_notify: inheritable,
    pin_to_top: z.boolean(),
    is_muted: z.boolean(),
    // The legacy inverse of is_muted, which servers still send, in events sometimes alone.
    in_home_view: z.boolean().optional(),
    is_archived: z.boolean().optional(),
    color: z.string().optional(),
    folder_id: integer.nullable().optional(),
    can_remove_subscribers_group: groupSettingSchema.optional(),
  }),
);
export const subscriptionSchema = lazySchema(() =>
  z.preprocess(currentPermissionName, subscriptionFields),
);
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A channel the user can see (register `streams`). */
export const channelSchema = lazySchema(() =>
  z.preprocess(
    currentPermissionName,
    z.looseObject({
      stream_id: integer,
      name: z.string(),
      description: z.string().optional(),
      invite_only: z.boolean().optional(),
      folder_id: integer.nullable().optional(),
      is_archived: z.boolean().optional(),
      can_remove_subscribers_group: groupSettingSchema.optional(),
    }),
  ),
);
export type Channel = z.infer<typeof channelSchema>;

export const getSubscriptionsResponse = lazySchema(() =>
  z.looseObject({
    subscriptions: z.array(subscriptionSchema),
  }),
);

/** Maps a user (email or id as text) to channel names. */
const namesByUser = lazySchema(() => z.record(z.string(), stringList));

export const subscribeResponse = lazySchema(() =>
  z.looseObject({
    subscribed: namesByUser,
    already_subscribed: namesByUser,
    unauthorized: stringList.optional(),
  }),
);

export const unsubscribeResponse = lazySchema(() =>
  z.looseObject({
    removed: stringList,
    not_removed: stringList,
  }),
);

/**
 * Wire shapes of the admin console's groups and channels: creating and
 * editing user groups with their permission settings, and the organization's channels.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountArg = lazySchema(() => z.string().min(1));
const positiveId = lazySchema(() => z.number().int().positive());

/** A group-setting value: a named group's id or an anonymous group. */
export const GroupSetting = lazySchema(() =>
  z.union([
    z.number().int(),
    z.object({
      direct_members: z.array(z.number().int()),
      direct_subgroups: z.array(z.number().int()),
    }),
  ]),
);
export type GroupSetting = z.infer<typeof GroupSetting>;

export const GroupPermissionName = lazySchema(() =>
  z.enum([
    'can_mention_group',
    'can_manage_group',
    'can_join_group',
    'can_add_members_group',
    'can_leave_group',
    'can_remove_members_group',
  ]),
);
export type GroupPermissionName = z.infer<typeof GroupPermissionName>;

/** One group's permission settings, as far as the server's feature level has them. */
export const GroupPermissions = lazySchema(() =>
  z.object({
    id: z.number().int(),
    settings: z.partialRecord(GroupPermissionName, GroupSetting),
  }),
);
export type GroupPermissions = z.infer<typeof GroupPermissions>;

const groupName = lazySchema(() => z.string().trim().min(1, 'enter a name').max(100));
const groupDescription = lazySchema(() => z.string().max(1024));

export const CreateGroupArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      name: groupName,
      description: groupDescription,
      members: z.array(positiveId).max(10_000),
    })
    .strict(),
);

export const UpdateGroupArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      groupId: positiveId,
      name: groupName.optional(),
      description: groupDescription.optional(),
      reactivate: z.literal(true).optional(),
      /** Each permission's new value and the value the panel showed (refused if it changed). */
      settings: z
        .partialRecord(GroupPermissionName, z.object({ new: GroupSetting, old: GroupSetting }))
        .optional(),
    })
    .strict(),
);

export const GroupArgs = lazySchema(() =>
  z.object({ accountId: accountArg, groupId: positiveId }).strict(),
);

export const ChannelInfo = lazySchema(() =>
  z.object({
    streamId: z.number().int(),
    name: z.string(),
    description: z.string(),
    isPrivate: z.boolean(),
    historyPublic: z.boolean(),
    isArchived: z.boolean(),
    folderId: z.number().int().nullable(),
    subscriberCount: z.number().int().nullable(),
    /** A named group's id; null when the server has an anonymous group here. */
    canRemoveSubscribersGroup: z.number().int().nullable(),
  }),
);
export type ChannelInfo = z.infer<typeof ChannelInfo>;

export const ChannelList = lazySchema(() =>
  z.object({
    featureLevel: z.number().int(),
    channels: z.array(ChannelInfo),
    folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type ChannelList = z.infer<typeof ChannelList>;

const channelName = lazySchema(() => z.string().trim().min(1, 'enter a name').max(60));
const channelDescription = lazySchema(() => z.string().max(1024));

export const CreateChannelArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      name: channelName,
      description: channelDescription,
      isPrivate: z.boolean(),
    })
    .strict(),
);

export const UpdateChannelArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      streamId: positiveId,
      name: channelName.optional(),
      description: channelDescription.optional(),
      isPrivate: z.boolean().optional(),
      historyPublic: z.boolean().optional(),
      unarchive: z.literal(true).optional(),
      folderId: z.number().int().positive().nullable().optional(),
      canRemoveSubscribersGroup: z.object({ new: positiveId, old: positiveId }).optional(),
    })
    .strict(),
);

export const ChannelArgs = lazySchema(() =>
  z.object({ accountId: accountArg, streamId: positiveId }).strict(),
);

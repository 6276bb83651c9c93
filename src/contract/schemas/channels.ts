/**
 * Wire shapes of the channel browser and the per-channel menu: every
 * channel the user can see with the user's state in it, what the organization lets the user
 * create, and the user's own per-channel settings (upstream "Channel settings" help pages).
 */
import { z } from 'zod';
import { NotifyProperty, SubscriptionWire } from './admin-people.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountArg = lazySchema(() => z.string().min(1));
const positiveId = lazySchema(() => z.number().int().positive());

export const ChannelsAccountArgs = lazySchema(() => z.object({ accountId: accountArg }).strict());
export const ChannelItemArgs = lazySchema(() =>
  z.object({ accountId: accountArg, streamId: positiveId }).strict(),
);

/** The user's own settings of a channel they are subscribed to. */
export const MySubscriptionWire = lazySchema(() =>
  SubscriptionWire.omit({
    streamId: true,
    name: true,
    inviteOnly: true,
  }),
);
export type MySubscriptionWire = z.infer<typeof MySubscriptionWire>;

export const ChannelRowWire = lazySchema(() =>
  z.object({
    streamId: z.number().int(),
    name: z.string(),
    /** The server's rendered description: sanitized by the renderer before it is shown. */
    descriptionHtml: z.string(),
    inviteOnly: z.boolean(),
    webPublic: z.boolean(),
    /** Null where the server does not say (before subscriber counts were sent). */
    subscriberCount: z.number().int().nonnegative().nullable(),
    state: z.enum(['subscribed', 'not-subscribed', 'cannot-join']),
    /** Why the user cannot join, in words (state cannot-join). */
    cannotJoin: z.string().optional(),
    /** Whether the user could subscribe again after leaving (false: a private channel needs an invitation). */
    canRejoin: z.boolean(),
    subscription: MySubscriptionWire.optional(),
  }),
);
export type ChannelRowWire = z.infer<typeof ChannelRowWire>;

const CreationWire = lazySchema(() =>
  z.object({
    publicAllowed: z.boolean(),
    publicWho: z.string(),
    privateAllowed: z.boolean(),
    privateWho: z.string(),
    webPublicOffered: z.boolean(),
    webPublicAllowed: z.boolean(),
    webPublicWho: z.string(),
  }),
);

export const ChannelsMetaWire = lazySchema(() =>
  z.object({
    realmName: z.string(),
    creation: CreationWire,
    /** What "inherit" means for each notification setting: the user's global setting now. */
    notifyDefaults: z.record(NotifyProperty, z.boolean()),
  }),
);
export type ChannelsMetaWire = z.infer<typeof ChannelsMetaWire>;

export const ChannelDirectoryWire = lazySchema(() =>
  ChannelsMetaWire.extend({
    accountId: z.string(),
    channels: z.array(ChannelRowWire),
  }),
);
export type ChannelDirectoryWire = z.infer<typeof ChannelDirectoryWire>;

/** What changed in one account's directory: rows added or changed, rows gone, the rest. */
export const ChannelsChangedWire = lazySchema(() =>
  z.object({
    accountId: z.string(),
    /** Every row of the account: replace what was held (after a new registration). */
    full: z.boolean(),
    rows: z.array(ChannelRowWire),
    removed: z.array(z.number().int()),
    meta: ChannelsMetaWire,
  }),
);
export type ChannelsChangedWire = z.infer<typeof ChannelsChangedWire>;

export const CreateMyChannelArgs = lazySchema(() =>
  z
    .object({
      accountId: accountArg,
      name: z
        .string()
        .trim()
        .min(1, 'enter a name')
        .max(60, 'a channel name is at most 60 characters')
        .refine((s) => !/\p{Cc}/u.test(s), 'a channel name cannot hold control characters'),
      description: z.string().max(1024, 'a description is at most 1024 characters'),
      private: z.boolean(),
      /** Readable without an account; only where the organization offers it (never private). */
      webPublic: z.boolean().optional(),
    })
    .strict(),
);

/** Arguments and results of the admin console's invitation list: list, revoke, resend. */
import { z } from 'zod';
import { InviteArgs } from './admin-org.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

export const InvitesArgs = lazySchema(() => z.object({ accountId }).strict());

export const InviteRowWire = lazySchema(() =>
  z.object({
    id: z.number().int(),
    isLink: z.boolean(),
    /** The invited address; empty for a reusable link. */
    email: z.string(),
    /** The link's URL; empty for an email invitation. */
    linkUrl: z.string(),
    invitedAs: z.number().int(),
    invitedById: z.number().int().nullable(),
    /** The inviter's full name, or their email on servers that only send that. */
    invitedByName: z.string(),
    /** UNIX milliseconds. */
    invitedAt: z.number(),
    /** UNIX milliseconds, or null: never expires. */
    expiresAt: z.number().nullable(),
  }),
);
export type InviteRowWire = z.infer<typeof InviteRowWire>;

export const InviteList = lazySchema(() =>
  z.object({
    invites: z.array(InviteRowWire),
    featureLevel: z.number().int(),
  }),
);
export type InviteList = z.infer<typeof InviteList>;

export const InviteActionArgs = lazySchema(() =>
  z.object({ accountId, inviteId: z.number().int().positive(), isLink: z.boolean() }).strict(),
);

/** A reusable invitation link: the role, lifetime, channels and groups a joiner gets. */
export const InviteLinkArgs = lazySchema(() =>
  InviteArgs.pick({
    accountId: true,
    expiresInMinutes: true,
    inviteAs: true,
    streamIds: true,
    groupIds: true,
    includeRealmDefaultSubscriptions: true,
  }).strict(),
);

export const InviteLinkCreated = lazySchema(() => z.object({ linkUrl: z.string() }));

/**
 * Wire shapes of the admin console's people list and per-user actions:
 * upstream get-users, update-user (role), deactivate-user and reactivate-user.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountArg = lazySchema(() => z.string().min(1));
const positiveId = lazySchema(() => z.number().int().positive());

/** Spec 2.1 role values. */
export const RoleValue = lazySchema(() =>
  z.union([z.literal(100), z.literal(200), z.literal(300), z.literal(400), z.literal(600)]),
);

/** One row of the people list: what it shows, searches, filters and sorts by. */
export const PersonRow = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    fullName: z.string(),
    /** The real address when the caller may see it, else the API email. */
    email: z.string(),
    role: z.number().int(),
    isActive: z.boolean(),
    isBot: z.boolean(),
    botOwnerId: z.number().int().nullable(),
    /** ISO timestamp as the server sent it. */
    dateJoined: z.string(),
  }),
);
export type PersonRow = z.infer<typeof PersonRow>;

export const PeopleList = lazySchema(() =>
  z.object({
    /** The caller, as the server sees them now. */
    me: z.object({ userId: z.number().int(), role: z.number().int() }),
    users: z.array(PersonRow),
  }),
);
export type PeopleList = z.infer<typeof PeopleList>;

export const UserArgs = lazySchema(() =>
  z.object({ accountId: accountArg, userId: positiveId }).strict(),
);
/** A bot is deactivated through its own endpoint. */
export const DeactivateUserArgs = lazySchema(() =>
  UserArgs.extend({ isBot: z.boolean() }).strict(),
);
export const RoleArgs = lazySchema(() =>
  z.object({ accountId: accountArg, userId: positiveId, role: RoleValue }).strict(),
);

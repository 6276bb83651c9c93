/**
 * Wire shapes of people's cards and the People list: who someone is,
 * whether they are around, and what they said about themselves, with every id already a name.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

export const Presence = lazySchema(() => z.enum(['active', 'idle', 'offline']));
export type Presence = z.infer<typeof Presence>;

/** A user's status: an emoji, a few words, and whether they marked themselves away. */
export const StatusWire = lazySchema(() =>
  z.object({
    text: z.string(),
    emoji: z.object({ name: z.string(), code: z.string(), type: z.string() }).nullable(),
    away: z.boolean(),
  }),
);
export type StatusWire = z.infer<typeof StatusWire>;

/** One custom profile field as the card shows it: words, a link, or people's names. */
export const CardField = lazySchema(() =>
  z.object({
    name: z.string(),
    kind: z.enum(['text', 'link', 'people']),
    text: z.string(),
    /** A web address (http or https only), for `link`. */
    href: z.string().optional(),
    /** The people a user-type field names, for `people`. */
    people: z.array(z.object({ userId: z.number().int(), name: z.string() })).optional(),
  }),
);
export type CardField = z.infer<typeof CardField>;

export const CardArgs = lazySchema(() =>
  z.object({ accountId, userId: z.number().int().positive() }).strict(),
);

export const PersonCard = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    name: z.string(),
    /** The real address, only when the viewer may see it. */
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    role: z.number().int(),
    isBot: z.boolean(),
    isActive: z.boolean(),
    /** IANA zone from the profile; '' when the person set none. */
    timezone: z.string(),
    presence: Presence,
    status: StatusWire.nullable(),
    fields: z.array(CardField),
    /** The viewer's twenty_four_hour_time for the local time; null leaves it to the locale. */
    twentyFourHour: z.boolean().nullable(),
    /** The viewer administers the organization: the card links to the person's admin page. */
    viewerIsAdmin: z.boolean(),
    isMe: z.boolean(),
  }),
);
export type PersonCard = z.infer<typeof PersonCard>;

/** One row of the People list, the DM list's dots and the compose picker's dots. */
export const PersonPresence = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    name: z.string(),
    presence: Presence,
    status: StatusWire.nullable(),
  }),
);
export type PersonPresence = z.infer<typeof PersonPresence>;

export const PeopleArgs = lazySchema(() => z.object({ accountId }).strict());

/** Everyone active and human in the organization, in the People list's order. */
export const PeoplePresenceList = lazySchema(() => z.object({ people: z.array(PersonPresence) }));

/** Some people's presence or status changed (pushed while the Messages view is open). */
export const PeopleChanged = lazySchema(() =>
  z.object({ accountId: z.string(), people: z.array(PersonPresence) }),
);

/** Who is online and people's statuses over the RPC. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

/**
 * The state of Perch's window: `active` (focused and in use), `idle` (open, not in use) or
 * `closed` (none open: nothing is reported, so others see the user go offline).
 */
export const WindowPresenceArgs = lazySchema(() =>
  z.object({ state: z.enum(['active', 'idle', 'closed']) }).strict(),
);

export const PresenceArgs = lazySchema(() => z.object({ accountId }).strict());

export const PresenceStatusWire = lazySchema(() => z.enum(['active', 'idle', 'offline']));

/** A person's status as set on the server; fields missing are not set. */
export const UserStatusWire = lazySchema(() =>
  z.object({
    statusText: z.string().optional(),
    emojiName: z.string().optional(),
    emojiCode: z.string().optional(),
    reactionType: z.string().optional(),
    /** The deprecated "away": since FL 148 the same as not sharing presence. */
    away: z.boolean().optional(),
  }),
);
export type UserStatusWire = z.infer<typeof UserStatusWire>;

export const PersonPresence = lazySchema(() =>
  z.object({
    userId: z.number().int(),
    presence: PresenceStatusWire,
    /** UNIX seconds the person was last seen, or null for never. */
    lastActive: z.number().nullable(),
    status: UserStatusWire.nullable(),
  }),
);

/**
 * One account's presence and statuses at the Core's `now`: every person with presence data
 * or a status (anyone else is offline without a status).
 */
export const PresenceSnapshot = lazySchema(() =>
  z.object({
    accountId: z.string(),
    /** Milliseconds since the epoch on the Core's clock when the states were computed. */
    now: z.number(),
    /** The organization shares no presence (`realm_presence_disabled`): show no dots. */
    presenceDisabled: z.boolean(),
    /** The user shares their own presence (`presence_enabled`). */
    presenceEnabled: z.boolean(),
    pingIntervalSeconds: z.number(),
    offlineThresholdSeconds: z.number(),
    people: z.array(PersonPresence),
  }),
);
export type PresenceSnapshot = z.infer<typeof PresenceSnapshot>;

/** Changes only what is passed; empty strings clear (upstream's update-status). */
export const SetStatusArgs = lazySchema(() =>
  z
    .object({
      accountId,
      statusText: z.string().max(60).optional(),
      emojiName: z.string().optional(),
      emojiCode: z.string().optional(),
      reactionType: z.string().optional(),
      away: z.boolean().optional(),
    })
    .strict(),
);

export const PresenceChanged = lazySchema(() => z.object({ accountId: z.string() }));

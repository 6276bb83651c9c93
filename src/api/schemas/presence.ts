/**
 * Presence and user status (upstream's update-presence, get-presence, get-user-presence,
 * update-status, get-user-status): both presence formats, since which one a server answers
 * depends on the parameters and its feature level.
 */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** Modern format, keyed by user id: when the user was last active / last connected. */
export const modernPresence = lazySchema(() =>
  z.looseObject({
    active_timestamp: integer,
    idle_timestamp: integer,
  }),
);
export type ModernPresence = z.infer<typeof modernPresence>;

/** Legacy format: one entry per client name plus `aggregated`. */
export const legacyPresenceClient = lazySchema(() =>
  z.looseObject({
    client: z.string().optional(),
    status: z.enum(['active', 'idle']),
    timestamp: integer,
    pushable: z.boolean().optional(),
  }),
);
export const legacyPresence = lazySchema(() => z.record(z.string(), legacyPresenceClient));
export type LegacyPresence = z.infer<typeof legacyPresence>;

/** `presences` in register and POST /users/me/presence: either format per key. */
export const presencesMap = lazySchema(() =>
  z.record(z.string(), z.union([modernPresence, legacyPresence])),
);

export const updatePresenceResponse = lazySchema(() =>
  z.looseObject({
    presences: presencesMap.optional(),
    server_timestamp: z.number().optional(),
    presence_last_update_id: integer.optional(),
  }),
);

export const getRealmPresenceResponse = lazySchema(() =>
  z.looseObject({
    presences: z.record(z.string(), legacyPresence),
    server_timestamp: z.number(),
  }),
);

export const getUserPresenceResponse = lazySchema(() =>
  z.looseObject({ presence: legacyPresence }),
);

/** A user's status; only the set fields are present (an empty object for none). */
export const userStatus = lazySchema(() =>
  z.looseObject({
    away: z.boolean().optional(),
    status_text: z.string().optional(),
    emoji_name: z.string().optional(),
    emoji_code: z.string().optional(),
    reaction_type: z.string().optional(),
  }),
);
export type UserStatus = z.infer<typeof userStatus>;

export const getUserStatusResponse = lazySchema(() => z.looseObject({ status: userStatus }));

/** The `presence` event: modern `presences` (simplified_presence_events) or legacy fields. */
export const presenceEvent = lazySchema(() =>
  z.looseObject({
    type: z.literal('presence'),
    presences: z.record(z.string(), modernPresence).optional(),
    user_id: integer.optional(),
    email: z.string().optional(),
    server_timestamp: z.number().optional(),
    presence: legacyPresence.optional(),
  }),
);

/** The `user_status` event: only the fields that changed. */
export const userStatusEvent = lazySchema(() =>
  userStatus.extend({
    type: z.literal('user_status'),
    user_id: integer,
  }),
);

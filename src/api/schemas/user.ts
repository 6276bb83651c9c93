/**
 * Spec 2.1 User, and the responses of the user endpoints (spec 4.4, 4.14, docs/api-notes.md
 * "Other endpoints").
 */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const profileDataValueSchema = lazySchema(() =>
  z.looseObject({
    value: z.string(),
    rendered_value: z.string().optional(),
  }),
);

export const userSchema = lazySchema(() =>
  z.looseObject({
    user_id: integer,
    // Always present since FL 163; older servers may leave it out.
    delivery_email: z.string().nullable().optional(),
    email: z.string(),
    full_name: z.string(),
    date_joined: z.string(),
    is_active: z.boolean(),
    is_owner: z.boolean(),
    is_admin: z.boolean(),
    is_guest: z.boolean(),
    is_bot: z.boolean(),
    // The widely deployed server sends these two only for bots (format_user_row adds them when
    // is_bot); Perch always sees them, null for a person.
    bot_type: integer.nullable().default(null),
    bot_owner_id: integer.nullable().default(null),
    role: integer,
    timezone: z.string(),
    // Absent at the server's discretion with the user_avatar_url_field_optional capability.
    avatar_url: z.string().nullable().optional(),
    avatar_version: integer,
    is_imported_stub: z.boolean().optional(),
    is_deleted: z.boolean().optional(),
    profile_data: z.record(z.string(), profileDataValueSchema).optional(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const getUsersResponse = lazySchema(() => z.looseObject({ members: z.array(userSchema) }));
export const getUserResponse = lazySchema(() => z.looseObject({ user: userSchema }));
/** GET /users/me puts the User fields at the top level of the response. */
export const getOwnUserResponse = userSchema;
export const createUserResponse = lazySchema(() => z.looseObject({ user_id: integer }));

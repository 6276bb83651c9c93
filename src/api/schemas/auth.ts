/**
 * Responses of POST /fetch_api_key (docs/api-notes.md "Other endpoints") and POST
 * /jwt/fetch_api_key (spec 4.10).
 */
import { z } from 'zod';
import { integer } from './common.ts';
import { userSchema } from './user.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const fetchApiKeyResponse = lazySchema(() =>
  z.looseObject({
    api_key: z.string(),
    email: z.string(),
    user_id: integer.optional(),
  }),
);

export const jwtFetchApiKeyResponse = lazySchema(() =>
  z.looseObject({
    api_key: z.string(),
    email: z.string(),
    // Only with include_profile; the User fields except profile_data.
    user: userSchema.omit({ profile_data: true }).optional(),
  }),
);

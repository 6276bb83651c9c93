/** The organization's custom emoji (RealmEmoji in the reference API description). */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const realmEmojiSchema = lazySchema(() =>
  z.looseObject({
    // Keyed and identified by a decimal string; some older servers sent a number.
    id: z.union([z.string(), integer]).transform(String),
    name: z.string(),
    source_url: z.string(),
    still_url: z.string().nullable().optional(),
    deactivated: z.boolean(),
    author_id: integer.nullable().optional(),
  }),
);

export const getRealmEmojiResponse = lazySchema(() =>
  z.looseObject({
    emoji: z.record(z.string(), realmEmojiSchema),
  }),
);

/** Wire shapes of emoji: the organization's custom emoji and their changes. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const RealmEmojiArgs = lazySchema(() => z.object({ accountId: z.string().min(1) }).strict());

/** As the server lists it; `source_url` may be relative to the server (the renderer resolves it). */
export const RealmEmojiWire = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    source_url: z.string(),
    deactivated: z.boolean(),
    /** Who added it (null: the organization itself, or the server does not say). */
    author_id: z.number().int().nullable(),
  }),
);
export type RealmEmojiWire = z.infer<typeof RealmEmojiWire>;

export const RealmEmojiChanged = lazySchema(() => z.object({ accountId: z.string() }));

/** The image arrives through uploads.begin / uploads.chunk; this names it as an emoji. */
export const AddRealmEmojiArgs = lazySchema(() =>
  z.object({ uploadId: z.string().uuid(), name: z.string().trim().min(1).max(100) }).strict(),
);

export const RemoveRealmEmojiArgs = lazySchema(() =>
  z.object({ accountId: z.string().min(1), name: z.string().min(1).max(100) }).strict(),
);

/** Wire shapes of emoji (issue 12 point 5): the organization's custom emoji and their changes. */
import { z } from 'zod';

export const RealmEmojiArgs = z.object({ accountId: z.string().min(1) }).strict();

/** As the server lists it; `source_url` may be relative to the server (the renderer resolves it). */
export const RealmEmojiWire = z.object({
  id: z.string(),
  name: z.string(),
  source_url: z.string(),
  deactivated: z.boolean(),
});
export type RealmEmojiWire = z.infer<typeof RealmEmojiWire>;

export const RealmEmojiChanged = z.object({ accountId: z.string() });

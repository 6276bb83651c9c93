/**
 * Parts of spec 2.2's Message that the client's parser (src/api/schemas/message.ts, which
 * keeps fields a later server adds) and the reference server's store share field for
 * field. Only zod: both sides may import it.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

const integer = lazySchema(() => z.number().int());

/** Spec 2.3: one user's reaction to a message. */
export const reactionShape = lazySchema(() =>
  z.object({
    emoji_name: z.string(),
    emoji_code: z.string(),
    reaction_type: z.string(),
    user_id: integer,
  }),
);
export type Reaction = z.infer<typeof reactionShape>;

/** An entry of a message's `edit_history`: only what that edit changed is present. */
export const editHistoryEntryShape = lazySchema(() =>
  z.object({
    user_id: integer.nullable(),
    timestamp: integer,
    prev_content: z.string().optional(),
    prev_rendered_content: z.string().optional(),
    prev_stream: integer.optional(),
    stream: integer.optional(),
    prev_topic: z.string().optional(),
    topic: z.string().optional(),
  }),
);
export type EditHistoryEntry = z.infer<typeof editHistoryEntryShape>;

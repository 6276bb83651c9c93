/**
 * The `unread_msgs` section of POST /register (spec 2.6), at today's feature level: the
 * client's parser (src/api/schemas/register.ts, which also reads older servers' names)
 * and the reference server, which builds it, share this one shape. Only zod: both sides
 * may import it.
 */
import { z } from 'zod';
import { lazySchema } from '../lazy-schema.ts';

const integer = lazySchema(() => z.number().int());
const ids = lazySchema(() => z.array(integer));

/** A one-on-one conversation's unreads. */
export const unreadDirectSchema = lazySchema(() =>
  z.looseObject({
    other_user_id: integer,
    unread_message_ids: ids,
  }),
);

export const unreadMsgsSchema = lazySchema(() =>
  z.looseObject({
    count: integer,
    pms: z.array(unreadDirectSchema),
    streams: z.array(
      z.looseObject({ stream_id: integer, topic: z.string(), unread_message_ids: ids }),
    ),
    huddles: z.array(z.looseObject({ user_ids_string: z.string(), unread_message_ids: ids })),
    mentions: ids,
    // New at FL 44.
    old_unreads_missing: z.boolean().default(false),
  }),
);
export type UnreadMsgs = z.output<typeof unreadMsgsSchema>;

/** GET /streams (upstream get-streams): every channel the caller may see, with its settings. */
import { z } from 'zod';
import { integer } from './common.ts';
import { channelSchema } from './subscription.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const streamSchema = lazySchema(() =>
  z.intersection(
    channelSchema,
    z.looseObject({
      is_archived: z.boolean().optional(),
      is_web_public: z.boolean().optional(),
      history_public_to_subscribers: z.boolean().optional(),
      // Upstream returns it from FL 234 (GET /streams and register).
      subscriber_count: integer.optional(),
    }),
  ),
);
export type Stream = z.infer<typeof streamSchema>;

export const getStreamsResponse = lazySchema(() =>
  z.looseObject({ streams: z.array(streamSchema) }),
);

/** Upstream create-channel's answer: the new channel's id. */
export const createChannelResponse = lazySchema(() => z.looseObject({ id: integer }));

/** Upstream get-stream-topics and render-message responses, for compose. */
import { z } from 'zod';
import { integer } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const streamTopicsResponse = lazySchema(() =>
  z.looseObject({
    topics: z.array(z.looseObject({ name: z.string(), max_id: integer })),
  }),
);

export const renderMessageResponse = lazySchema(() => z.looseObject({ rendered: z.string() }));

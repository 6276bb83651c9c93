/** Upstream get-stream-topics and render-message responses, for compose. */
import { z } from 'zod';
import { integer } from './common.ts';

export const streamTopicsResponse = z.looseObject({
  topics: z.array(z.looseObject({ name: z.string(), max_id: integer })),
});

export const renderMessageResponse = z.looseObject({ rendered: z.string() });

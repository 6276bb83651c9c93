/** A draft kept on the server (the reference API's Draft). */
import { z } from 'zod';
import { integer, integerList } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const serverDraftSchema = lazySchema(() =>
  z.looseObject({
    id: integer,
    type: z.enum(['', 'stream', 'private']),
    to: integerList,
    topic: z.string(),
    content: z.string(),
    timestamp: z.number(),
  }),
);
export type ServerDraft = z.infer<typeof serverDraftSchema>;

export const getDraftsResponse = lazySchema(() =>
  z.looseObject({ drafts: z.array(serverDraftSchema) }),
);
export const createDraftsResponse = lazySchema(() => z.looseObject({ ids: integerList }));

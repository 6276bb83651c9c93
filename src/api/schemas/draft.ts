/** A draft kept on the server (the reference API's Draft). */
import { z } from 'zod';
import { integer, integerList } from './common.ts';

export const serverDraftSchema = z.looseObject({
  id: integer,
  type: z.enum(['', 'stream', 'private']),
  to: integerList,
  topic: z.string(),
  content: z.string(),
  timestamp: z.number(),
});
export type ServerDraft = z.infer<typeof serverDraftSchema>;

export const getDraftsResponse = z.looseObject({ drafts: z.array(serverDraftSchema) });
export const createDraftsResponse = z.looseObject({ ids: integerList });

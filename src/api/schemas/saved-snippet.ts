/** Spec 2.7 saved snippet and the responses of spec 4.17. */
import { z } from 'zod';
import { integer, renamedFrom } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/**
 * The widely deployed server names the key `id` in the snippet objects (register, GET,
 * events); only the create response and the remove event say `saved_snippet_id`. Callers
 * always see the spec's `saved_snippet_id`.
 */
export const savedSnippetSchema = lazySchema(() =>
  z.preprocess(
    renamedFrom('id', 'saved_snippet_id'),
    z.looseObject({
      saved_snippet_id: integer,
      title: z.string(),
      content: z.string(),
    }),
  ),
);
export type SavedSnippet = z.infer<typeof savedSnippetSchema>;

export const getSavedSnippetsResponse = lazySchema(() =>
  z.looseObject({
    saved_snippets: z.array(savedSnippetSchema),
  }),
);
export const createSavedSnippetResponse = lazySchema(() =>
  z.looseObject({ saved_snippet_id: integer }),
);

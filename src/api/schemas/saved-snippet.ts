/** Spec 2.7 saved snippet and the responses of spec 4.17. */
import { z } from 'zod';
import { integer } from './common.ts';

export const savedSnippetSchema = z.looseObject({
  saved_snippet_id: integer,
  title: z.string(),
  content: z.string(),
});
export type SavedSnippet = z.infer<typeof savedSnippetSchema>;

export const getSavedSnippetsResponse = z.looseObject({
  saved_snippets: z.array(savedSnippetSchema),
});
export const createSavedSnippetResponse = z.looseObject({ saved_snippet_id: integer });

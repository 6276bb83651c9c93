import { describe, expect, it } from 'vitest';
import { BadRequestError, RequestVariableMissingError } from '../../../src/api/errors.ts';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  getSavedSnippets,
} from '../../../src/api/routes/saved-snippets.ts';
import { ROLE, failure, useServer } from './harness.ts';

describe('saved snippets', () => {
  const h = useServer();

  it('creates, lists and deletes a snippet', async () => {
    const client = h.as(ROLE.member);
    const { data } = await createSavedSnippet(client, {
      title: 'Greeting',
      content: 'Hello **team**',
    });
    let snippets = (await getSavedSnippets(client)).data.saved_snippets;
    expect(snippets).toContainEqual(
      expect.objectContaining({
        saved_snippet_id: data.saved_snippet_id,
        title: 'Greeting',
        content: 'Hello **team**',
      }),
    );
    await deleteSavedSnippet(client, data.saved_snippet_id);
    snippets = (await getSavedSnippets(client)).data.saved_snippets;
    expect(snippets.some((s) => s.saved_snippet_id === data.saved_snippet_id)).toBe(false);
  });

  it('keeps snippets private to their owner', async () => {
    await createSavedSnippet(h.as(ROLE.admin), { title: 'Admin only', content: 'x' });
    const theirs = (await getSavedSnippets(h.as(ROLE.guest))).data.saved_snippets;
    expect(theirs.some((s) => s.title === 'Admin only')).toBe(false);
  });

  it('gives BAD_REQUEST for an empty title or content', async () => {
    const client = h.as(ROLE.member);
    expect(await failure(createSavedSnippet(client, { title: '', content: 'x' }))).toBeInstanceOf(
      BadRequestError,
    );
    expect(await failure(createSavedSnippet(client, { title: 'x', content: '' }))).toBeInstanceOf(
      BadRequestError,
    );
  });

  it('names a missing required parameter', async () => {
    const error = await failure(
      createSavedSnippet(h.as(ROLE.member), { title: 'x' } as Parameters<
        typeof createSavedSnippet
      >[1]),
    );
    expect(error).toBeInstanceOf(RequestVariableMissingError);
    expect((error as RequestVariableMissingError).varName).toBe('content');
  });
});

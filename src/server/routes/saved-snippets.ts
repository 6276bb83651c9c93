/**
 * GET and POST /saved_snippets (spec 4.17), PATCH (FL 368) and DELETE /saved_snippets/{id}.
 * Each user sees only their own.
 */
import { nowSeconds, type ServerContext } from '../context.ts';
import { badRequest, invalid, notFound } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { presentSavedSnippet } from '../state/present.ts';
import type { SavedSnippetRecord } from '../state/types.ts';

const SINCE = { sinceLevel: 297 };

export function register(router: Router): void {
  router.get(
    '/saved_snippets',
    ({ ctx, user }) => ({
      saved_snippets: [...ctx.state.savedSnippets.values()]
        .filter((s) => s.user_id === user.user_id)
        .map(presentSavedSnippet),
    }),
    SINCE,
  );

  router.post(
    '/saved_snippets',
    ({ ctx, user, params }) => {
      const title = checkedTitle(params.string('title').trim());
      const content = checkedContent(params.string('content'));
      const id = ctx.state.nextId('saved_snippet');
      const snippet = {
        saved_snippet_id: id,
        user_id: user.user_id,
        title,
        content,
        date_created: nowSeconds(ctx),
      };
      ctx.state.savedSnippets.set(id, snippet);
      ctx.events.emit([user.user_id], {
        type: 'saved_snippets',
        op: 'add',
        saved_snippet: presentSavedSnippet(snippet),
      });
      return { saved_snippet_id: id };
    },
    SINCE,
  );

  // Upstream's edit-saved-snippet (FL 368): either field, or both.
  router.patch(
    '/saved_snippets/{saved_snippet_id}',
    (req) => {
      const { ctx, user, params } = req;
      const snippet = ownSnippet(ctx, user.user_id, req.pathInt('saved_snippet_id'));
      const title = params.optString('title')?.trim();
      const content = params.optString('content');
      if (title === undefined && content === undefined)
        throw badRequest('Either title or content must be provided.');
      if (title !== undefined) snippet.title = checkedTitle(title);
      if (content !== undefined) snippet.content = checkedContent(content);
      ctx.events.emit([user.user_id], {
        type: 'saved_snippets',
        op: 'update',
        saved_snippet: presentSavedSnippet(snippet),
      });
      return {};
    },
    { sinceLevel: 368 },
  );

  router.delete(
    '/saved_snippets/{saved_snippet_id}',
    (req) => {
      const { ctx, user } = req;
      const id = ownSnippet(ctx, user.user_id, req.pathInt('saved_snippet_id')).saved_snippet_id;
      ctx.state.savedSnippets.delete(id);
      ctx.events.emit([user.user_id], {
        type: 'saved_snippets',
        op: 'remove',
        saved_snippet_id: id,
      });
      return {};
    },
    SINCE,
  );
}

/** Another user's snippet is as absent as a deleted one. */
function ownSnippet(ctx: ServerContext, userId: number, id: number): SavedSnippetRecord {
  const snippet = ctx.state.savedSnippets.get(id);
  if (!snippet || snippet.user_id !== userId) throw notFound('Saved snippet does not exist.');
  return snippet;
}

function checkedTitle(title: string): string {
  if (title === '') throw invalid('title', "can't be empty");
  if ([...title].length > 60) throw invalid('title', 'is too long');
  return title;
}

function checkedContent(content: string): string {
  if (content.trim() === '') throw invalid('content', "can't be empty");
  return content;
}

/** GET and POST /saved_snippets (spec 4.17), DELETE /saved_snippets/{id}. Each user sees only their own. */
import { nowSeconds } from '../context.ts';
import { invalid, notFound } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { presentSavedSnippet } from '../state/present.ts';

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
      const title = params.string('title').trim();
      const content = params.string('content');
      if (title === '') throw invalid('title', "can't be empty");
      if (content.trim() === '') throw invalid('content', "can't be empty");
      if ([...title].length > 60) throw invalid('title', 'is too long');
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

  router.delete(
    '/saved_snippets/{saved_snippet_id}',
    (req) => {
      const { ctx, user } = req;
      const id = req.pathInt('saved_snippet_id');
      const snippet = ctx.state.savedSnippets.get(id);
      if (!snippet || snippet.user_id !== user.user_id)
        throw notFound('Saved snippet does not exist.');
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

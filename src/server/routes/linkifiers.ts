/**
 * GET /realm/linkifiers, POST /realm/filters (spec 4.16), PATCH and DELETE /realm/filters/{id},
 * PATCH /realm/linkifiers (reorder, FL 202).
 * Before FL 176 the template parameter was called url_format_string.
 */
import type { ServerContext } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { presentLinkifier } from '../state/present.ts';
import type { LinkifierRecord } from '../state/types.ts';
import { requireAdmin } from './gates.ts';
import { checkLinkifier } from './linkifier-check.ts';
import { reorderMap } from './reorder.ts';

export function register(router: Router): void {
  router.get('/realm/linkifiers', ({ ctx }) => ({ linkifiers: linkifierList(ctx) }));

  router.post('/realm/filters', ({ ctx, user, params }) => {
    requireAdmin(user);
    const fields = checkedFields(ctx, params);
    for (const l of ctx.state.linkifiers.values()) {
      if (l.pattern === fields.pattern)
        throw badRequest('Linkifier with this pattern already exists.');
    }
    const id = ctx.state.nextId('linkifier');
    ctx.state.linkifiers.set(id, { id, ...fields });
    emitLinkifiers(ctx);
    return { id };
  });

  // Upstream's update takes the same fields as creation, and the same checks apply.
  router.patch(
    '/realm/filters/{filter_id}',
    (req) => {
      const { ctx, user, params } = req;
      requireAdmin(user);
      const id = req.pathInt('filter_id');
      if (!ctx.state.linkifiers.has(id)) throw invalid('filter_id', 'does not name a linkifier');
      const fields = checkedFields(ctx, params);
      for (const l of ctx.state.linkifiers.values()) {
        if (l.id !== id && l.pattern === fields.pattern)
          throw badRequest('Linkifier with this pattern already exists.');
      }
      ctx.state.linkifiers.set(id, { id, ...fields });
      emitLinkifiers(ctx);
      return {};
    },
    { sinceLevel: 57 },
  );

  // Upstream's reorder-linkifiers: the order the patterns are tried in (FL 202).
  router.patch(
    '/realm/linkifiers',
    ({ ctx, user, params }) => {
      requireAdmin(user);
      reorderMap(ctx.state.linkifiers, params.intList('ordered_linkifier_ids'), () =>
        badRequest('The ordered list must enumerate all existing linkifiers exactly once'),
      );
      emitLinkifiers(ctx);
      return {};
    },
    { sinceLevel: 202 },
  );

  router.delete('/realm/filters/{filter_id}', (req) => {
    const { ctx, user } = req;
    requireAdmin(user);
    const id = req.pathInt('filter_id');
    if (!ctx.state.linkifiers.delete(id)) throw invalid('filter_id', 'does not name a linkifier');
    emitLinkifiers(ctx);
    return {};
  });
}

/** A linkifier's fields from the request, refused unless they pass every check of spec 4.16. */
function checkedFields(ctx: ServerContext, params: Params): Omit<LinkifierRecord, 'id'> {
  const templateName = ctx.state.featureLevel >= 176 ? 'url_template' : 'url_format_string';
  const pattern = params.nonEmpty('pattern');
  const urlTemplate = params.nonEmpty(templateName);
  const reverse = params.optString('reverse_template');
  const reverseTemplate = reverse === undefined || reverse === 'null' ? null : reverse;
  const alternatives = params.optStringList('alternative_url_templates') ?? [];
  const example = params.optString('example_input');
  checkLinkifier({ pattern, urlTemplate, reverseTemplate, alternatives, example, templateName });
  return {
    pattern,
    url_template: urlTemplate,
    reverse_template: reverseTemplate,
    alternative_url_templates: alternatives,
  };
}

function linkifierList(ctx: ServerContext): Record<string, unknown>[] {
  return [...ctx.state.linkifiers.values()].map((l) => presentLinkifier(ctx.state, l));
}

function emitLinkifiers(ctx: ServerContext): void {
  ctx.events.emit(ctx.state.activeUserIds(), {
    type: 'realm_linkifiers',
    realm_linkifiers: linkifierList(ctx),
  });
}

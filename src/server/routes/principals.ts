/** The `principals` parameter: user ids (preferred) or API emails, all of active users. */
import type { ServerContext } from '../context.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { UserRecord } from '../state/types.ts';

export function readPrincipals(ctx: ServerContext, params: Params): UserRecord[] | undefined {
  const raw = params.optJson('principals');
  if (raw === undefined) return undefined;
  if (
    !Array.isArray(raw) ||
    !(raw.every((x) => typeof x === 'string') || raw.every((x) => Number.isSafeInteger(x)))
  ) {
    throw badRequest('principals is not a list of user ids or emails');
  }
  return (raw as (string | number)[]).map((p) => {
    const u = typeof p === 'number' ? ctx.state.users.get(p) : ctx.state.userByEmail(p);
    if (!u?.is_active) throw invalidPrincipal(ctx, p);
    return u;
  });
}

/** 400 BAD_REQUEST since FL 208, 403 UNAUTHORIZED_PRINCIPAL before. */
function invalidPrincipal(ctx: ServerContext, p: string | number): ApiError {
  const msg = `User not authorized to execute queries on behalf of '${p}'`;
  if (ctx.state.featureLevel >= 208) return badRequest(msg);
  return new ApiError('UNAUTHORIZED_PRINCIPAL', msg, { principal: p }, 403);
}

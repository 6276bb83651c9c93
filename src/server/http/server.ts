/**
 * The node:http request handler: routing, parameters, authentication, rate limiting and
 * the response envelope. Anything a handler throws that is not an ApiError is a bug: it is
 * recorded for tests and answered as BAD_REQUEST so that no input produces a 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import type { UserRecord } from '../state/types.ts';
import { authenticate, realmDeactivated } from './auth.ts';
import { readParams } from './body.ts';
import { ApiError, badRequest, notFound } from './errors.ts';
import { serveEmojiImage } from './emoji-images.ts';
import { serveMeetingPage } from './meeting-page.ts';
import { serveUpload } from '../uploads/serve.ts';
import { Params } from './params.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Handler, PublicHandler, PublicRequest, Router } from './router.ts';
import { parsePathInt } from './router.ts';

const MAX_INTERNAL_ERRORS = 100;

const PREFIX = '/api/v1';

export interface HandlerDeps {
  ctx: ServerContext;
  router: Router;
  limiter: RateLimiter | null;
  /** Unexpected exceptions, kept so tests can assert there were none. */
  internalErrors: unknown[];
  /** Aborted when the server closes, to end pending long-polls. */
  closing: AbortSignal;
}

export function createRequestHandler(
  deps: HandlerDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (serveMeetingPage(deps.ctx, req, res)) return;
    if (serveUpload(deps.ctx, req, res)) return;
    if (serveEmojiImage(deps.ctx, req, res)) return;
    void handle(deps, req, res);
  };
}

async function handle(deps: HandlerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  try {
    const body = await dispatch(deps, req, res, headers);
    send(res, 200, headers, { result: 'success', msg: '', ...body });
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401) headers['WWW-Authenticate'] = 'Basic realm="zulip"';
      // Node then ends the connection once the answer is flushed; keep-alive clients reconnect.
      if (err.status === 413) headers.Connection = 'close';
      send(res, err.status, headers, err.body());
      return;
    }
    // Kept for tests to inspect; bounded so a client repeating a bad request costs no memory.
    if (deps.internalErrors.length < MAX_INTERNAL_ERRORS) deps.internalErrors.push(err);
    send(res, 400, headers, badRequest('Invalid request').body());
  }
}

async function dispatch(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  const { ctx, router } = deps;
  const url = parseUrl(req.url);
  if (!url.pathname.startsWith(PREFIX + '/')) throw notFound();
  const found = router.match(
    req.method ?? 'GET',
    url.pathname.slice(PREFIX.length),
    ctx.state.featureLevel,
  );
  if (!('route' in found)) {
    if (found.methodMismatch) throw new ApiError('BAD_REQUEST', 'Method Not Allowed', {}, 405);
    throw notFound();
  }
  const { route, vars } = found;
  let user: UserRecord | undefined;
  if (route.auth) user = authenticateWithLimit(deps, req, headers);
  else if (ctx.state.realm.deactivated) throw realmDeactivated();
  const body = await readParams(req, url, route.maxBodyBytes?.(ctx));

  const abort = new AbortController();
  const onAbort = (): void => abort.abort();
  deps.closing.addEventListener('abort', onAbort);
  res.on('close', () => {
    deps.closing.removeEventListener('abort', onAbort);
    if (!res.writableFinished) abort.abort();
  });
  const params = new Params(body.values);
  const base: PublicRequest = {
    ctx,
    params,
    files: body.files,
    path: vars,
    signal: abort.signal,
    userAgent: req.headers['user-agent'],
    pathInt: (name) => parsePathInt(vars, name),
  };
  const result = user
    ? await (route.handler as Handler)({ ...base, user })
    : await (route.handler as PublicHandler)(base);
  const ignored = params.unread();
  if (ignored.length > 0 && ctx.state.featureLevel >= 167)
    return { ...result, ignored_parameters_unsupported: ignored };
  return result;
}

function authenticateWithLimit(
  deps: HandlerDeps,
  req: IncomingMessage,
  headers: Record<string, string>,
): UserRecord {
  const user = authenticate(deps.ctx.state, req.headers.authorization);
  if (deps.limiter) {
    const decision = deps.limiter.take(user.user_id);
    Object.assign(headers, decision.headers);
    if (decision.error) throw decision.error;
  }
  return user;
}

function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://localhost');
  } catch {
    throw notFound();
  }
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

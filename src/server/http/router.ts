/**
 * Maps method + path (under /api/v1) to a handler. Paths use `{name}` placeholders.
 * A route can be limited to the feature levels where the endpoint exists; outside them
 * it answers like an unknown route.
 */
import type { ServerContext } from '../context.ts';
import type { UserRecord } from '../state/types.ts';
import { invalid } from './errors.ts';
import type { Params } from './params.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface PublicRequest {
  readonly ctx: ServerContext;
  readonly params: Params;
  /** Raw path placeholders; use pathInt for ids. */
  readonly path: Readonly<Record<string, string>>;
  /** Aborted when the client goes away or the server closes. */
  readonly signal: AbortSignal;
  /** The request's User-Agent header, which names the client that sent a message. */
  readonly userAgent: string | undefined;
  /** Files of a multipart body, in order (POST /user_uploads). */
  readonly files: readonly UploadedFile[];
  pathInt(name: string): number;
}

export interface RouteRequest extends PublicRequest {
  /** The authenticated, active caller. */
  readonly user: UserRecord;
}

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** The fields to add to the success envelope. */
export type Result = Record<string, unknown>;
export type Handler = (req: RouteRequest) => Result | Promise<Result>;
export type PublicHandler = (req: PublicRequest) => Result | Promise<Result>;

export interface RouteOptions {
  /** First feature level at which the endpoint exists. */
  sinceLevel?: number;
  /** A larger body than the usual limit (uploads); read per request from the context. */
  maxBodyBytes?: (ctx: ServerContext) => number;
}

export interface Route {
  method: Method;
  segments: string[];
  auth: boolean;
  sinceLevel: number;
  maxBodyBytes: ((ctx: ServerContext) => number) | undefined;
  handler: Handler | PublicHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  get(path: string, handler: Handler, options?: RouteOptions): void {
    this.add('GET', path, true, handler, options);
  }
  post(path: string, handler: Handler, options?: RouteOptions): void {
    this.add('POST', path, true, handler, options);
  }
  patch(path: string, handler: Handler, options?: RouteOptions): void {
    this.add('PATCH', path, true, handler, options);
  }
  delete(path: string, handler: Handler, options?: RouteOptions): void {
    this.add('DELETE', path, true, handler, options);
  }
  /** A route that needs no credentials. */
  public(method: Method, path: string, handler: PublicHandler, options?: RouteOptions): void {
    this.add(method, path, false, handler, options);
  }

  private add(
    method: Method,
    path: string,
    auth: boolean,
    handler: Handler | PublicHandler,
    o?: RouteOptions,
  ): void {
    this.routes.push({
      method,
      segments: split(path),
      auth,
      sinceLevel: o?.sinceLevel ?? 0,
      maxBodyBytes: o?.maxBodyBytes,
      handler,
    });
  }

  /** Every registered route, for tests that exercise all endpoints. */
  list(): { method: Method; path: string; auth: boolean; sinceLevel: number }[] {
    return this.routes.map((r) => ({
      method: r.method,
      path: '/' + r.segments.join('/'),
      auth: r.auth,
      sinceLevel: r.sinceLevel,
    }));
  }

  /**
   * Finds the route for a request. `methodMismatch` is true when the path exists at this
   * feature level but not for this method.
   */
  match(
    method: string,
    path: string,
    featureLevel: number,
  ): { route: Route; vars: Record<string, string> } | { methodMismatch: boolean } {
    const parts = split(path);
    let pathExists = false;
    let best: { route: Route; vars: Record<string, string>; literals: number } | undefined;
    for (const route of this.routes) {
      if (route.sinceLevel > featureLevel) continue;
      const vars = matchSegments(route.segments, parts);
      if (!vars) continue;
      pathExists = true;
      if (route.method !== method) continue;
      // `/users/me` must win over `/users/{user_id}` whatever the registration order.
      const literals = route.segments.filter((s) => !s.startsWith('{')).length;
      if (!best || literals > best.literals) best = { route, vars, literals };
    }
    return best ? { route: best.route, vars: best.vars } : { methodMismatch: pathExists };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const vars: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const v = parts[i] as string;
    if (p.startsWith('{')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(v);
      } catch {
        return undefined;
      }
      vars[p.slice(1, -1)] = decoded;
    } else if (p !== v) {
      return undefined;
    }
  }
  return vars;
}

/** Parses an integer path placeholder, naming it when malformed. */
export function parsePathInt(vars: Record<string, string>, name: string): number {
  const v = vars[name];
  if (v === undefined || !/^\d{1,15}$/.test(v)) throw invalid(name, 'is not an integer');
  return Number(v);
}

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

/** A route with what matching needs, computed once when it is added. */
interface Indexed {
  route: Route;
  /** How many segments are not placeholders: the more specific route wins. */
  literals: number;
}

export class Router {
  private readonly routes: Route[] = [];
  /**
   * The routes by segment count, in registration order: a path only matches a route with
   * as many segments, so a request scans those alone instead of every route (every long-poll
   * and read mark of the embedded demo goes through here: bench/README.md, app-memory).
   */
  private readonly byLength = new Map<number, Indexed[]>();

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
    const route: Route = {
      method,
      segments: split(path),
      auth,
      sinceLevel: o?.sinceLevel ?? 0,
      maxBodyBytes: o?.maxBodyBytes,
      handler,
    };
    this.routes.push(route);
    const literals = route.segments.filter((s) => !s.startsWith('{')).length;
    const same = this.byLength.get(route.segments.length);
    if (same) same.push({ route, literals });
    else this.byLength.set(route.segments.length, [{ route, literals }]);
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
    for (const { route, literals } of this.byLength.get(parts.length) ?? []) {
      if (route.sinceLevel > featureLevel) continue;
      if (!literalsMatch(route.segments, parts)) continue;
      // A placeholder that is not valid percent-encoding matches nothing, as before.
      const vars = placeholders(route.segments, parts);
      if (!vars) continue;
      pathExists = true;
      if (route.method !== method) continue;
      // `/users/me` must win over `/users/{user_id}` whatever the registration order.
      if (!best || literals > best.literals) best = { route, vars, literals };
    }
    return best ? { route: best.route, vars: best.vars } : { methodMismatch: pathExists };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Whether every literal segment of `pattern` is the path's (both of one length). */
function literalsMatch(pattern: string[], parts: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    if (!p.startsWith('{') && p !== parts[i]) return false;
  }
  return true;
}

/** The placeholders' decoded values; undefined when one is not valid percent-encoding. */
function placeholders(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const vars: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    if (!p.startsWith('{')) continue;
    try {
      vars[p.slice(1, -1)] = decodeURIComponent(parts[i] as string);
    } catch {
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

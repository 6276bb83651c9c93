/**
 * The one way Perch talks to a server: base URL, HTTP Basic auth, parameter encoding,
 * timeouts, rate-limit pacing and retries, and the server's feature level. It keeps no app
 * state; routes/ builds on `call`.
 */
import type { Answer, ExchangeOptions } from './undici-parts.ts';
import type { z } from 'zod';
import { sleep, systemClock } from '../lib/clock.ts';
import type { Clock } from '../lib/clock.ts';
import { encodeParams } from './encode.ts';
import type { StreamedBody } from './multipart.ts';
import type { Params } from './encode.ts';
import { decodeResponse } from './decode.ts';
import type { ApiResult, ErrorAdapter } from './decode.ts';
import { RateLimitHitError, UnsupportedByServerError } from './errors.ts';
import { toNetworkError } from './network.ts';
import { RateLimitPacer, readRateLimitHeaders } from './rate-limit.ts';
import { SERVER_SETTINGS_CALL } from './routes/server-settings-call.ts';
import {
  createDispatcher,
  loadUndici,
  type ConnectionOptions,
  type LazyDispatcher,
} from './connection.ts';
import { USER_AGENT } from './user-agent.ts';
import { nodeStream } from '../lib/builtin.ts';

export type { ApiResult } from './decode.ts';

/**
 * The long-poll timeout when register does not say (docs/api-notes.md "POST /register
 * response").
 */
export const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;
/** Extra time past the server's long-poll timeout before we give up on the answer. */
const LONGPOLL_MARGIN_SECONDS = 10;

export interface ApiClientOptions {
  /** Server base URL, e.g. `https://chat.example.com`; `/api/v1` is appended. */
  realmUrl: string;
  /** API email and key; absent for a client that only calls unauthenticated endpoints. */
  email?: string;
  apiKey?: string;
  clock?: Clock;
  /** Timeout of an ordinary call, in ms (default 30 s). */
  timeoutMs?: number;
  /** How many times a call retries after RATE_LIMIT_HIT before giving up (default 3). */
  maxRateLimitRetries?: number;
  /** A feature level already known (e.g. stored with the account). */
  featureLevel?: number;
  /** Defaults to USER_AGENT: Perch and its version. */
  userAgent?: string;
  /** Trust and proxy for this server; direct, with the usual roots, when absent. */
  connection?: ConnectionOptions;
}

/** A call held back by the server's rate limit (see `ApiClient.onWait`). */
export interface RateLimitWait {
  /** Spec name of the call that waits, e.g. `GET /events`. */
  endpoint: string;
  /** The server refused the call (RATE_LIMIT_HIT), or its headers said the budget is spent. */
  reason: 'rate_limit_hit' | 'pacing';
  /** When the wait is due to end, in ms since the epoch on the client's clock. */
  until: number;
}

/** Told when a wait starts; what it returns runs when that wait ends (done or aborted). */
export type RateLimitWaitListener = (wait: RateLimitWait) => (() => void) | void;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface CallSpec<T> {
  method: HttpMethod;
  /** Path under `/api/v1`, already encoded (see encode.ts `pathSegment`). */
  path: string;
  /** Spec name of the operation for errors, e.g. `GET /messages`. */
  endpoint: string;
  schema: z.ZodType<T>;
  params?: Params;
  /** False for the endpoints that need no credentials (spec section 5). */
  auth?: boolean;
  /** Uses the long-poll connection and timeout (GET /events). */
  longPoll?: boolean;
  adaptError?: ErrorAdapter;
  signal?: AbortSignal | undefined;
  /** A body written piece by piece with its length known (uploads that report progress). */
  stream?: StreamedBody;
}

function proxyAddress(connection: ConnectionOptions | undefined): string | undefined {
  return connection?.proxy ? new URL(connection.proxy.url).host : undefined;
}

export class ApiClient {
  readonly realmUrl: string;
  readonly email: string | undefined;
  readonly clock: Clock;
  // Private fields stay out of util.inspect and JSON, so the key cannot leak through a log.
  readonly #authorization: string | undefined;
  #pool: LazyDispatcher;
  #longPollPool: LazyDispatcher;
  /** `host:port` of the proxy the pools go through, to name it when it fails. */
  #proxyAddress: string | undefined;
  #connection: ConnectionOptions;
  readonly #pacer: RateLimitPacer;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #userAgent: string;
  /** Certificates the user accepted for this server: another one means it changed. */
  readonly #trusted: boolean;
  #featureLevel: number | undefined;
  #learning: Promise<number> | undefined;
  #longpollTimeoutSeconds = DEFAULT_LONGPOLL_TIMEOUT_SECONDS;
  readonly #waitListeners = new Set<RateLimitWaitListener>();

  constructor(options: ApiClientOptions) {
    this.realmUrl = options.realmUrl.replace(/\/+$/, '');
    this.email = options.email;
    this.clock = options.clock ?? systemClock;
    if (options.email !== undefined && options.apiKey !== undefined) {
      const token = Buffer.from(`${options.email}:${options.apiKey}`).toString('base64');
      this.#authorization = `Basic ${token}`;
    }
    this.#pool = createDispatcher(options.connection);
    this.#longPollPool = createDispatcher(options.connection, 1);
    this.#proxyAddress = proxyAddress(options.connection);
    this.#connection = options.connection ?? {};
    this.#trusted = Boolean(options.connection?.trust);
    this.#pacer = new RateLimitPacer(this.clock);
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#maxRetries = options.maxRateLimitRetries ?? 3;
    this.#userAgent = options.userAgent ?? USER_AGENT;
    this.#featureLevel = options.featureLevel;
  }

  /** The feature level learned so far, or undefined before the client has asked. */
  get knownFeatureLevel(): number | undefined {
    return this.#featureLevel;
  }

  /** HTTP timeout of a long-poll, in ms: the server's long-poll timeout plus a margin. */
  get longPollTimeoutMs(): number {
    return (this.#longpollTimeoutSeconds + LONGPOLL_MARGIN_SECONDS) * 1000;
  }

  /** Records `service_feature_level` from a response; absent means 0 (spec section 9). */
  learnFeatureLevel(level: number | undefined): void {
    this.#featureLevel = level ?? 0;
  }

  /** Records `event_queue_longpoll_timeout_seconds` from POST /register. */
  learnLongPollTimeout(seconds: number | undefined): void {
    this.#longpollTimeoutSeconds = seconds ?? DEFAULT_LONGPOLL_TIMEOUT_SECONDS;
  }

  /** The server's feature level, asking GET /server_settings once if not yet known. */
  async featureLevel(signal?: AbortSignal): Promise<number> {
    if (this.#featureLevel !== undefined) return this.#featureLevel;
    // One lookup serves every concurrent caller, so no single caller's signal may cancel it.
    this.#learning ??= this.call(SERVER_SETTINGS_CALL).then(
      (result) => {
        this.learnFeatureLevel(result.data.service_feature_level);
        return this.#featureLevel ?? 0;
      },
      (error: unknown) => {
        this.#learning = undefined;
        throw error;
      },
    );
    const level = await this.#learning;
    signal?.throwIfAborted();
    return level;
  }

  /** Throws UnsupportedByServerError, before any request for the call, on an older server. */
  async requireFeatureLevel(
    endpoint: string,
    feature: string,
    level: number,
    signal?: AbortSignal,
  ): Promise<number> {
    const actual = await this.featureLevel(signal);
    if (actual < level) throw new UnsupportedByServerError(endpoint, feature, level, actual);
    return actual;
  }

  /**
   * Observes the rate-limit waits of `call`, which would otherwise look like a server that
   * says nothing (the Activity panel shows them). Returns the unsubscribe.
   */
  onWait(listener: RateLimitWaitListener): () => void {
    this.#waitListeners.add(listener);
    return () => this.#waitListeners.delete(listener);
  }

  /** `call` for an endpoint group the server only has from `level` on (`feature` names it). */
  async callSince<T>(feature: string, level: number, spec: CallSpec<T>): Promise<ApiResult<T>> {
    await this.requireFeatureLevel(spec.endpoint, feature, level, spec.signal);
    return this.call(spec);
  }

  /** Sends one call, waiting and retrying on RATE_LIMIT_HIT up to the configured bound. */
  async call<T>(spec: CallSpec<T>): Promise<ApiResult<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send(spec);
      } catch (error) {
        if (!(error instanceof RateLimitHitError) || attempt >= this.#maxRetries) throw error;
        await this.#wait(spec, 'rate_limit_hit', Math.ceil(error.retryAfter * 1000));
      }
    }
  }

  /**
   * Goes through another proxy from now on (the user changed it): new pools for the calls
   * that follow; the old ones close once the calls still on them end (a long-poll ends when
   * its queue is kicked).
   */
  reroute(proxy: ConnectionOptions['proxy']): void {
    const old = [this.#pool, this.#longPollPool];
    const connection = { ...this.#connection, proxy };
    this.#connection = connection;
    this.#pool = createDispatcher(connection);
    this.#longPollPool = createDispatcher(connection, 1);
    this.#proxyAddress = proxyAddress(connection);
    for (const pool of old) void pool.close().catch(() => undefined);
  }

  /** Releases the connection pools. */
  async close(): Promise<void> {
    await Promise.all([this.#pool.close(), this.#longPollPool.close()]);
  }

  private async send<T>(spec: CallSpec<T>): Promise<ApiResult<T>> {
    const { signal } = spec;
    const authenticated = spec.auth !== false;
    if (authenticated) {
      await this.#pacer.beforeRequest(signal, (ms) => this.#wait(spec, 'pacing', ms));
    }
    signal?.throwIfAborted();

    const encoded = spec.params ? encodeParams(spec.params) : '';
    const isGet = spec.method === 'GET';
    let url = `${this.realmUrl}/api/v1${spec.path}`;
    if (isGet && encoded) url += `?${encoded}`;
    const headers: Record<string, string> = { 'user-agent': this.#userAgent };
    if (authenticated && this.#authorization) headers['authorization'] = this.#authorization;
    // A multipart body sets its own content type, with its boundary.
    if (spec.stream) {
      headers['content-type'] = spec.stream.contentType;
      headers['content-length'] = String(spec.stream.length);
    } else if (!isGet) headers['content-type'] = 'application/x-www-form-urlencoded';

    const answer = await this.#exchange(
      spec.endpoint,
      url,
      {
        method: spec.method,
        headers,
        body: isGet
          ? undefined
          : spec.stream
            ? nodeStream().Readable.from(spec.stream.pieces(), { objectMode: false })
            : encoded,
        signal,
      },
      spec.longPoll,
    );
    if (authenticated) this.#pacer.observe(readRateLimitHeaders(answer.headers));
    return decodeResponse(
      spec.endpoint,
      answer.statusCode,
      answer.text(),
      spec.schema,
      spec.adaptError,
    );
  }

  /**
   * Waits for the server's answer to a GET under `/api/v1` without reading it: any HTTP
   * status is the server answering; only a network failure throws (NetworkError). For the
   * checks that ask nothing but whether the server is there, every few seconds while idle,
   * where parsing and checking a whole answer each time is CPU spent for nothing.
   */
  async answers(path: string, endpoint: string, signal?: AbortSignal): Promise<number> {
    // In an async function: an aborted caller hears a rejection, as from any other call.
    signal?.throwIfAborted();
    const answer = await this.#exchange(endpoint, `${this.realmUrl}/api/v1${path}`, {
      method: 'GET',
      headers: { 'user-agent': this.#userAgent },
      signal,
    });
    return answer.statusCode;
  }

  /**
   * One request through the client's pool (the long-poll's own for `longPoll`) and its whole
   * answer; a failure of either is the network's (NetworkError, naming `endpoint`), or the
   * caller's abort as it gave it.
   */
  async #exchange(
    endpoint: string,
    url: string,
    options: Pick<ExchangeOptions, 'method' | 'headers' | 'body' | 'signal'>,
    longPoll = false,
  ): Promise<Answer> {
    const timeout = longPoll ? this.longPollTimeoutMs : this.#timeoutMs;
    const { exchange } = await loadUndici();
    const dispatcher = await (longPoll ? this.#longPollPool : this.#pool).get();
    try {
      return await exchange(url, {
        ...options,
        dispatcher,
        // A long-poll's on a timer of Node's own (see ExchangeOptions.timeoutMs); other
        // requests are short, and undici's shared timer runs only while one is pending.
        ...(longPoll ? { timeoutMs: timeout } : { headersTimeout: timeout, bodyTimeout: timeout }),
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw toNetworkError(endpoint, error, this.#trusted, this.#proxyAddress);
    }
  }

  async #wait(spec: CallSpec<unknown>, reason: RateLimitWait['reason'], ms: number) {
    const wait: RateLimitWait = { endpoint: spec.endpoint, reason, until: this.clock.now() + ms };
    const ends = [...this.#waitListeners].map((listener) => listener(wait));
    try {
      await sleep(this.clock, ms, spec.signal);
    } finally {
      for (const end of ends) end?.();
    }
  }
}

/**
 * The parts of undici the API client uses, each from its own module. undici's index loads
 * all of undici (fetch, cookies, WebSocket, caches, mocks), and its cookie module reads
 * `globalThis.Headers`, which makes Node load its own bundled copy of undici's fetch: about
 * 11 MB of every host's memory for code nothing here calls.
 */
import { Readable } from 'node:stream';
import type { Dispatcher as DispatcherType } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import api from 'undici/lib/api/index.js';
import buildConnector from 'undici/lib/core/connect.js';
import {
  BodyTimeoutError,
  HeadersTimeoutError,
  RequestAbortedError,
} from 'undici/lib/core/errors.js';
import { parseHeaders } from 'undici/lib/core/util.js';

// What undici's index does: request, connect and the rest are methods of every dispatcher
// (ProxyAgent calls `connect` on its client to open the tunnel).
Object.assign(Dispatcher.prototype, api);

export { Agent, Pool, ProxyAgent, buildConnector };

export type RequestOptions = Omit<DispatcherType.RequestOptions, 'origin' | 'path' | 'method'> & {
  method?: DispatcherType.HttpMethod;
  dispatcher: DispatcherType;
};

/** undici's `request(url, options)`, always through the given dispatcher. */
export function request(
  url: string,
  options: RequestOptions,
): Promise<DispatcherType.ResponseData> {
  const { dispatcher, method = 'GET', ...rest } = options;
  const { origin, pathname, search } = new URL(url);
  return dispatcher.request({ ...rest, origin, path: `${pathname}${search}`, method });
}

/** A whole answer: its status, its headers as `request` gives them, and its body. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as UTF-8 text (a byte order mark dropped, as undici's `body.text()` does). */
  text(): string;
}

export type ExchangeOptions = Omit<RequestOptions, 'signal'> & {
  signal?: AbortSignal;
  /**
   * undici's headersTimeout then bodyTimeout (each piece of the body within this long of the
   * last), kept on a timer of Node's own instead of undici's. undici keeps every timeout over
   * a second on its shared timer, which wakes the process twice a second for as long as any
   * is pending (undici/lib/util/timers.js): a long-poll is pending all day, so an idle host
   * woke 120 times a minute for nothing (bench/README.md, `background`).
   */
  timeoutMs?: number;
};

/**
 * One request and its whole answer, through `dispatcher.dispatch` with a handler that
 * collects the body, where `request` wraps the answer in a stream, an async resource and an
 * abort listener per request, then reads the stream back (undici's docs, "Dispatcher.dispatch"
 * and "Dispatcher.request"). Every account polls again after each incoming message, so
 * those layers were paid many times a message (bench/README.md, `background`). Failures are
 * the ones `request` gives: undici's own errors, or the signal's reason once it aborts.
 */
export function exchange(
  url: string,
  options: ExchangeOptions,
  again = options.method === 'GET',
): Promise<Answer> {
  const { dispatcher, method = 'GET', signal, body, timeoutMs, ...rest } = options;
  const { origin, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let statusCode = 0;
    let rawHeaders: Buffer[] = [];
    let abort: ((reason: Error) => void) | undefined;
    let reason: Error | undefined;
    const stop = (why: Error) => {
      reason = why;
      abort?.(why);
    };
    const onAbort = () => stop((signal?.reason as Error | undefined) ?? new RequestAbortedError());
    if (signal?.aborted) reason = (signal.reason as Error | undefined) ?? new RequestAbortedError();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      timeoutMs === undefined || reason !== undefined
        ? undefined
        : setTimeout(
            () => stop(statusCode === 0 ? new HeadersTimeoutError() : new BodyTimeoutError()),
            timeoutMs,
          ).unref();
    const settled = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const handler: DispatcherType.DispatchHandler = {
      onConnect(abortRequest) {
        if (reason !== undefined) abortRequest(reason);
        else abort = abortRequest;
      },
      onHeaders(status, headers) {
        // 1xx answers are not the answer (undici's `request` passes them to `onInfo`).
        if (status < 200) return true;
        statusCode = status;
        rawHeaders = headers as Buffer[];
        timer?.refresh();
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        timer?.refresh();
        return true;
      },
      onComplete() {
        settled();
        resolve({
          statusCode,
          headers: parseHeaders(rawHeaders),
          text: () => {
            const text = Buffer.concat(chunks).toString('utf8');
            return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
          },
        });
      },
      onError(error) {
        settled();
        // A kept-alive socket the server closed as the request went out (its keep-alive
        // timer firing first on a busy machine): the request got no answer at all, and a
        // GET may go out again on a new connection, as browsers do for a reused one
        // (RFC 9110 section 9.2.2). Anything else, or any other method, fails as it came.
        if (again && statusCode === 0 && reason === undefined && closedWhenReused(error)) {
          resolve(exchange(url, options, false));
          return;
        }
        // As `request` does: a streamed body that was not all sent is ended with the request.
        if (body instanceof Readable) body.on('error', () => undefined).destroy(error);
        reject(error);
      },
    };
    // With a timer of its own, undici's are off (0: none).
    const timeouts = timeoutMs === undefined ? {} : { headersTimeout: 0, bodyTimeout: 0 };
    dispatcher.dispatch(
      { ...rest, ...timeouts, body, origin, path: `${pathname}${search}`, method },
      handler,
    );
  });
}

/**
 * Whether a request failed because the connection it was sent on, one that had already
 * carried an answer, closed before this request's answer began.
 */
function closedWhenReused(error: unknown): boolean {
  const e = error as { code?: unknown; socket?: { bytesRead?: unknown } } | null;
  return e?.code === 'UND_ERR_SOCKET' && Number(e.socket?.bytesRead) > 0;
}

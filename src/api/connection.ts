/**
 * How Perch reaches one server: the certificates it trusts for that server and the proxy it
 * goes through. Every pool an ApiClient opens (ordinary calls and the long-poll) is built
 * here, so a request and a long-poll to the same server can never differ in either.
 */
import type { buildConnector as BuildConnector, Dispatcher } from 'undici';
import type * as UndiciParts from './undici-parts.ts';
import { tlsConnectOptions, type ServerTrust } from './tls/connect-options.ts';

export type { ServerTrust };

/** An HTTP CONNECT proxy to reach the server through. */
export interface ProxyRoute {
  /** `http://host:port` of the proxy. */
  url: string;
  /** `Proxy-Authorization` value, when the proxy needs credentials. */
  authorization?: string;
}

export interface ConnectionOptions {
  trust?: ServerTrust | undefined;
  /** Undefined: connect directly. */
  proxy?: ProxyRoute | undefined;
}

/**
 * How long a proxy may take to answer CONNECT. undici's default (five minutes) would let a
 * proxy that accepts the connection and then says nothing hang a sign-in.
 */
const PROXY_ANSWER_TIMEOUT_MS = 30_000;

/**
 * How much sooner than a server's `Keep-Alive: timeout=N` an idle connection is closed, so
 * a request is never written as the server closes its end (undici's default is 2 s). Node's
 * servers say 5 s: with 2 s off, a request made 3 to 5 s after the last one (the read mark
 * of each message in a channel that gets one every few seconds) opened a new connection
 * each time (bench/README.md, `background`). Half a second still covers a round trip.
 */
const KEEP_ALIVE_MARGIN_MS = 500;

/** Why a tunnel through the proxy could not be opened. */
export type ProxyFailure =
  'refused' | 'not-found' | 'closed' | 'garbage' | 'timeout' | 'auth' | 'status';

/** CONNECT to the proxy failed; `reason` says how (the cause keeps undici's error). */
export class ProxyTunnelError extends Error {
  readonly code = 'PERCH_PROXY';
  constructor(
    readonly reason: ProxyFailure,
    cause: unknown,
    /** The proxy's answer to CONNECT when it was not 200. */
    readonly status?: number,
  ) {
    super(`proxy tunnel failed: ${reason}${status ? ` (${status})` : ''}`, { cause });
  }
}

function tunnelFailure(error: unknown): ProxyFailure {
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'not-found';
  if (name === 'HTTPParserError' || (typeof code === 'string' && code.startsWith('HPE_'))) {
    return 'garbage';
  }
  if (typeof code === 'string' && code.includes('TIMEOUT')) return 'timeout';
  return 'closed';
}

/**
 * Every CONNECT failure becomes a ProxyTunnelError: the caller can then say it was the
 * proxy, and undici stops retrying. It retries a connection that fails with a socket error
 * forever and without a timer, so a proxy that hangs up on each CONNECT would otherwise
 * leave the request waiting for good.
 */
function failFastTunnels(pool: UndiciParts.Pool): UndiciParts.Pool {
  const connect = pool.connect.bind(pool) as (
    o: Dispatcher.ConnectOptions,
  ) => Promise<Dispatcher.ConnectData>;
  const wrapped = async (o: Dispatcher.ConnectOptions) => {
    let answer: Dispatcher.ConnectData;
    try {
      answer = await connect(o);
    } catch (error) {
      throw new ProxyTunnelError(tunnelFailure(error), error);
    }
    if (answer.statusCode !== 200) {
      answer.socket.on('error', () => undefined).destroy();
      const reason = answer.statusCode === 407 ? 'auth' : 'status';
      throw new ProxyTunnelError(reason, undefined, answer.statusCode);
    }
    return answer;
  };
  return Object.assign(pool, { connect: wrapped });
}

let undici: Promise<typeof UndiciParts> | undefined;

/**
 * undici, loaded with the first request rather than with the Core: its modules and the
 * parts of Node they require (http, net, streams) are 15 to 30 ms of CPU, and a start from
 * the cache on disk shows its first Inbox before any request goes out (docs/architecture.md,
 * "The cache on disk"; bench/README.md, `cache-start`).
 */
export function loadUndici(): Promise<typeof UndiciParts> {
  undici ??= import('./undici-parts.ts');
  return undici;
}

/**
 * A pool made at its first use (loading undici then), so that clients can be made, as a
 * start from the cache makes every account's, without it. Closed before it was used, it is
 * made closed, and a request then fails as it would on a closed pool.
 */
export class LazyDispatcher {
  #made: Promise<Dispatcher> | undefined;
  #closed = false;
  constructor(private readonly make: (undici: typeof UndiciParts) => Dispatcher) {}

  get(): Promise<Dispatcher> {
    this.#made ??= loadUndici().then((parts) => {
      const made = this.make(parts);
      if (this.#closed) void made.close().catch(() => undefined);
      return made;
    });
    return this.#made;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#made) await (await this.#made).close();
  }
}

/**
 * A direct pool's connector, its TLS options (a secure context of Node's and the system's
 * roots, 70 to 240 ms of CPU to build) made at the first https connection rather than with
 * the client: a start from the cache on disk makes every account's client before its first
 * paint (docs/architecture.md, "The cache on disk"), and a plain-http server never needs them.
 */
function lazyTlsConnector(
  buildConnector: typeof BuildConnector,
  trust: ServerTrust | undefined,
): BuildConnector.connector {
  let plain: BuildConnector.connector | undefined;
  let secure: BuildConnector.connector | undefined;
  return (opts, callback) => {
    if (opts.protocol === 'https:') {
      secure ??= buildConnector({ ...tlsConnectOptions(trust) });
      return secure(opts, callback);
    }
    plain ??= buildConnector({});
    return plain(opts, callback);
  };
}

/**
 * One keep-alive pool to a server, following `options`. `connections` caps its sockets: the
 * long-poll's pool has one. Without a cap, undici opens a second socket for a request sent
 * as the previous response's body ends (the first is not yet released), so each next poll
 * went out on the other socket; held longer than the idle socket's keep-alive, every poll
 * then needed a new connection, a TLS handshake on a real server for every event.
 */
export function createDispatcher(
  options: ConnectionOptions = {},
  connections?: number,
): LazyDispatcher {
  return new LazyDispatcher((undici) => makeDispatcher(undici, options, connections));
}

function makeDispatcher(
  { Agent, Pool, ProxyAgent, buildConnector }: typeof UndiciParts,
  options: ConnectionOptions,
  connections: number | undefined,
): Dispatcher {
  const { proxy } = options;
  if (proxy) {
    // The same verification for a direct connection and for the TLS inside a proxy's tunnel.
    const tls = tlsConnectOptions(options.trust);
    // CONNECT tunnels for http and https alike, so the proxy never sees a request or its key.
    return new ProxyAgent({
      uri: proxy.url,
      ...(proxy.authorization ? { token: proxy.authorization } : {}),
      keepAliveTimeout: 30_000,
      requestTls: tls,
      clientFactory: (origin, opts) =>
        failFastTunnels(
          new Pool(origin, {
            ...opts,
            ...(connections ? { connections } : {}),
            keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
            headersTimeout: PROXY_ANSWER_TIMEOUT_MS,
            connectTimeout: PROXY_ANSWER_TIMEOUT_MS,
          }),
        ),
    });
  }
  return new Agent({
    keepAliveTimeout: 30_000,
    keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
    connect: lazyTlsConnector(buildConnector, options.trust),
    ...(connections ? { connections } : {}),
  });
}

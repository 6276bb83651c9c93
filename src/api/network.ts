/**
 * Maps what undici and Node throw when a connection fails onto NetworkError kinds. Only the
 * error code and undici's own short message are kept: neither ever carries request headers.
 */
import { CertificateChangedError, NetworkError, type NetworkFailure } from './errors.ts';
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

/** `trusted`: the connection carried certificates the user accepted for this server. */
export function toNetworkError(endpoint: string, error: unknown, trusted = false): NetworkError {
  const code = errorCode(error) ?? 'unknown';
  if (code === CERT_CHANGED_CODE || (trusted && UNTRUSTED_CERT_CODES.has(code))) {
    return new CertificateChangedError(endpoint, code, presentedFingerprint(error), error);
  }
  const kind = kindByCode[code] ?? (isTlsCode(code) ? 'tls' : 'other');
  return new NetworkError(endpoint, kind, code, error);
}

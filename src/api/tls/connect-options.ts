/**
 * The TLS half of a connection: which roots verify the server and, for a certificate the
 * user pinned, that it is exactly that one. One object, so a direct connection (undici
 * Agent `connect`) and a tunnel through a proxy (ProxyAgent `requestTls`) verify alike.
 * Verification is never turned off here: every option only adds trust or narrows it.
 */
import { X509Certificate } from 'node:crypto';
import type { PeerCertificate, SecureContext } from 'node:tls';
import { nodeTls } from '../../lib/builtin.ts';
import { fingerprintOfDer } from './fingerprint.ts';
import { systemCertificates } from './system-bundle.ts';

/** Trust added for one server, on top of the system's and Node's bundled roots. */
export interface ServerTrust {
  /**
   * PEM certificates the user accepted for this server: the server's own certificate (then
   * it is pinned: any other certificate is refused) or the CA that issued it.
   */
  certificates: string[];
  /** The certificates are the server's own: a server presenting any other is refused. */
  pinned?: boolean | undefined;
}

/** The code checkServerIdentity gives a pinned server presenting another certificate. */
export const CERT_CHANGED_CODE = 'PERCH_CERT_CHANGED';

export interface TlsConnectOptions {
  secureContext: SecureContext;
  checkServerIdentity?: (host: string, cert: PeerCertificate) => Error | undefined;
  /** A resumed session skips checkServerIdentity, so a pinned server never resumes one. */
  maxCachedSessions?: number;
}

const contexts = new Map<string, SecureContext>();

/**
 * Built once per set of roots: parsing Node's and the system's few hundred certificates for
 * every connection would cost more than the handshake.
 */
function secureContextFor(extra: string[]): SecureContext {
  const key = extra.join('\n');
  let context = contexts.get(key);
  if (!context) {
    // An explicit `ca` replaces Node's bundled list, so it is passed along with the rest.
    const tls = nodeTls();
    const ca = [...new Set([...tls.rootCertificates, ...systemCertificates(), ...extra])];
    context = tls.createSecureContext({ ca });
    contexts.set(key, context);
  }
  return context;
}

export function tlsConnectOptions(trust?: ServerTrust): TlsConnectOptions {
  const certificates = trust?.certificates ?? [];
  const secureContext = secureContextFor(certificates);
  if (!trust?.pinned) return { secureContext };
  const pins = certificates.map((pem) => new X509Certificate(pem).fingerprint256);
  return {
    secureContext,
    maxCachedSessions: 0,
    checkServerIdentity: (host, cert) => {
      // The name still has to match: a pin says which certificate, not which server.
      const nameError = nodeTls().checkServerIdentity(host, cert);
      if (nameError) return nameError;
      const presented = fingerprintOfDer(cert.raw);
      if (pins.includes(presented)) return undefined;
      return Object.assign(
        new Error(`the server presented a certificate (${presented}) other than the trusted one`),
        { code: CERT_CHANGED_CODE, presented },
      );
    },
  };
}

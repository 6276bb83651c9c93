/**
 * Reads the certificates a server presents, to show them to the user when they do not
 * verify. The handshake completes with verification reported rather than enforced, the
 * chain is read and the socket closed: not one byte of a request is ever sent on it.
 */
import * as tls from 'node:tls';
import { isIP } from 'node:net';
import { tlsConnectOptions } from './connect-options.ts';

export interface PresentedChain {
  /** DER certificates, the server's own first. */
  chain: Buffer[];
  /** OpenSSL's verdict against Perch's roots; undefined when the chain verified. */
  verifyCode: string | undefined;
}

const INSPECT_TIMEOUT_MS = 10_000;

export function chainOf(socket: tls.TLSSocket): Buffer[] {
  const chain: Buffer[] = [];
  const seen = new Set<string>();
  for (
    let cert: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
    cert?.raw && !seen.has(cert.fingerprint256);
    cert = cert.issuerCertificate
  ) {
    seen.add(cert.fingerprint256);
    chain.push(cert.raw);
  }
  return chain;
}

/** OpenSSL's verdict on a finished handshake; undefined when the chain verified. */
export function verifyCodeOf(socket: tls.TLSSocket): string | undefined {
  const error = socket.authorizationError as (Error & { code?: string }) | string | null;
  if (error === null) return undefined;
  return typeof error === 'string' ? error : (error.code ?? error.message);
}

/** The chain `https://host:port` presents, or undefined when no TLS handshake completes. */
export function fetchPresentedChain(origin: string): Promise<PresentedChain | undefined> {
  const url = new URL(origin);
  if (url.protocol !== 'https:') return Promise.resolve(undefined);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  return new Promise((resolve) => {
    const socket = tls.connect({
      host,
      port,
      ...(isIP(host) ? {} : { servername: host }),
      secureContext: tlsConnectOptions().secureContext,
      // Only here, to read what is presented; this socket never carries a request.
      rejectUnauthorized: false,
    });
    const done = (result: PresentedChain | undefined): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(INSPECT_TIMEOUT_MS, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('secureConnect', () => {
      done({ chain: chainOf(socket), verifyCode: verifyCodeOf(socket) });
    });
  });
}

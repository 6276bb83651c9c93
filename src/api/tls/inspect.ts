/**
 * Reads the certificates a server presents, to show them to the user when they do not
 * verify. The handshake completes with verification reported rather than enforced, the
 * chain is read and the socket closed: not one byte of a request is ever sent on it.
 */
import type * as tls from 'node:tls';
import type { Socket } from 'node:net';
import { nodeNet, nodeTls } from '../../lib/builtin.ts';
import type { ProxyRoute } from '../connection.ts';
import { requestTunnel } from '../proxy-tunnel.ts';
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

/**
 * The chain `https://host:port` presents, reached the way requests reach it (through
 * `proxy` when one applies), or undefined when no TLS handshake completes.
 */
export async function fetchPresentedChain(
  origin: string,
  proxy?: ProxyRoute,
): Promise<PresentedChain | undefined> {
  const url = new URL(origin);
  if (url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  let socket: Socket | undefined;
  if (proxy) {
    socket = await openTunnel(proxy, { host, port });
    if (!socket) return undefined;
  }
  return new Promise((resolve) => {
    const secure = nodeTls().connect({
      ...(socket ? { socket } : { host, port }),
      ...(nodeNet().isIP(host) ? {} : { servername: host }),
      secureContext: tlsConnectOptions().secureContext,
      // Only here, to read what is presented; this socket never carries a request.
      rejectUnauthorized: false,
    });
    const done = (result: PresentedChain | undefined): void => {
      secure.destroy();
      resolve(result);
    };
    secure.setTimeout(INSPECT_TIMEOUT_MS, () => done(undefined));
    secure.once('error', () => done(undefined));
    secure.once('secureConnect', () => {
      done({ chain: chainOf(secure), verifyCode: verifyCodeOf(secure) });
    });
  });
}

/** A socket tunnelled through `proxy` to `target`, or undefined when the proxy says no. */
async function openTunnel(
  proxy: ProxyRoute,
  target: { host: string; port: number },
): Promise<Socket | undefined> {
  const at = new URL(proxy.url);
  const socket = await new Promise<Socket | undefined>((resolve) => {
    const s = nodeNet().connect({
      host: at.hostname.replace(/^\[|\]$/g, ''),
      port: Number(at.port) || 80,
    });
    s.setTimeout(INSPECT_TIMEOUT_MS, () => {
      s.destroy();
      resolve(undefined);
    });
    s.once('connect', () => {
      s.setTimeout(0);
      resolve(s);
    });
    s.once('error', () => resolve(undefined));
  });
  if (!socket) return undefined;
  const answer = await requestTunnel(socket, proxy, target, INSPECT_TIMEOUT_MS);
  return answer.kind === 'open' ? answer.socket : undefined;
}

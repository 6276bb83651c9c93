/**
 * One HTTP CONNECT exchange with a proxy on an open socket. The pools use undici's
 * ProxyAgent; this is for the socket-level work that must take the same route: reading a
 * server's certificate for the user to review, and the connection doctor's proxy step.
 */
import type { Socket } from 'node:net';
import { nodeNet } from '../lib/builtin.ts';
import type { ProxyRoute } from './connection.ts';

export type TunnelAnswer =
  /** 200: `socket` now carries bytes to the target. */
  | { kind: 'open'; statusLine: string; socket: Socket }
  | { kind: 'status'; status: number; statusLine: string }
  | { kind: 'not-http'; statusLine: string }
  | { kind: 'closed' }
  | { kind: 'timeout' };

/** Sends CONNECT for `host:port` on `socket` (already connected to the proxy). */
export function requestTunnel(
  socket: Socket,
  proxy: ProxyRoute,
  target: { host: string; port: number },
  timeoutMs: number,
): Promise<TunnelAnswer> {
  const authority = `${nodeNet().isIP(target.host) === 6 ? `[${target.host}]` : target.host}:${target.port}`;
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const finish = (answer: TunnelAnswer) => {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      socket.removeListener('close', onClose);
      if (answer.kind !== 'open') socket.destroy();
      resolve(answer);
    };
    const onClose = () => finish({ kind: 'closed' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.indexOf('\r\n\r\n') < 0 && received.length < 8192) return;
      const lineEnd = received.indexOf('\r\n');
      const statusLine = received.subarray(0, lineEnd < 0 ? 80 : lineEnd).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
      if (!match) return finish({ kind: 'not-http', statusLine });
      const status = Number(match[1]);
      if (status === 200) return finish({ kind: 'open', statusLine, socket });
      finish({ kind: 'status', status, statusLine });
    });
    socket.once('close', onClose);
    socket.once('error', () => undefined);
    const auth = proxy.authorization ? `proxy-authorization: ${proxy.authorization}\r\n` : '';
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n${auth}\r\n`);
  });
}

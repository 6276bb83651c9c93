/**
 * The low-level checks of the connection doctor: name resolution, TCP, the proxy's CONNECT
 * and the TLS handshake, each on its own socket-level terms so it can say exactly which
 * one fails. Every check is bounded in time; none sends a request or a credential.
 */
import type { Socket } from 'node:net';
import { nodeDns, nodeNet, nodeTls } from '../../lib/builtin.ts';
import type { ProxyRoute } from '../../api/connection.ts';
import { describeChain, type CertificateDetails } from '../../api/tls/describe.ts';
import { tlsConnectOptions, type ServerTrust } from '../../api/tls/connect-options.ts';
import { chainOf, verifyCodeOf } from '../../api/tls/inspect.ts';
import { requestTunnel } from '../../api/proxy-tunnel.ts';
import type { DoctorStep } from '../../contract/schemas/network.ts';

export const STEP_TIMEOUT_MS = 10_000;

export interface Endpoint {
  host: string;
  port: number;
}

export function endpointOf(url: URL): Endpoint {
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
}

const ok = (step: DoctorStep['step'], summary: string, details: string[] = []): DoctorStep => ({
  step,
  outcome: 'ok',
  summary,
  details,
});
const failed = (step: DoctorStep['step'], summary: string, details: string[] = []): DoctorStep => ({
  step,
  outcome: 'failed',
  summary,
  details,
});

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

export async function checkDns(host: string, what: 'server' | 'proxy'): Promise<DoctorStep> {
  if (nodeNet().isIP(host)) return ok('dns', `${host} is an address: there is no name to look up.`);
  try {
    const found = await nodeDns().lookup(host, { all: true });
    return ok(
      'dns',
      `The ${what}'s name ${host} resolves.`,
      found.map((a) => `${host} → ${a.address}`),
    );
  } catch (err) {
    const code = codeOf(err);
    const summary =
      code === 'ENOTFOUND'
        ? `The name ${host} does not exist: check the ${what}'s address for a typo.`
        : `The name ${host} could not be looked up (the DNS server did not answer).`;
    return failed('dns', summary, [`lookup: ${code}`]);
  }
}

/** Opens TCP to `to`; the socket is handed back for the next steps to use. */
export function checkTcp(
  to: Endpoint,
  role: string,
): Promise<{ step: DoctorStep; socket?: Socket }> {
  const where = `${to.host}:${to.port}`;
  return new Promise((resolve) => {
    const socket = nodeNet().connect({ host: to.host, port: to.port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({
        step: failed('tcp', `${role} at ${where} did not answer within 10 seconds.`, [
          'A firewall may be dropping the connection.',
        ]),
      });
    }, STEP_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({
        step: ok('tcp', `Connected to ${role.toLowerCase()} at ${where}.`, [
          `remote address ${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`,
        ]),
        socket,
      });
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      const code = codeOf(err);
      const summary =
        code === 'ECONNREFUSED'
          ? `${role} at ${where} refused the connection: nothing is listening on that port.`
          : `Could not connect to ${role.toLowerCase()} at ${where}.`;
      resolve({ step: failed('tcp', summary, [`connect: ${code}`]) });
    });
  });
}

/** Sends CONNECT for `target` on `socket` and says what the proxy answered. */
export async function checkProxy(
  socket: Socket,
  proxy: ProxyRoute,
  target: Endpoint,
): Promise<{ step: DoctorStep; tunnel?: Socket }> {
  const at = `The proxy at ${new URL(proxy.url).host}`;
  const authority = `${nodeNet().isIP(target.host) === 6 ? `[${target.host}]` : target.host}:${target.port}`;
  const answer = await requestTunnel(socket, proxy, target, STEP_TIMEOUT_MS);
  switch (answer.kind) {
    case 'open':
      return {
        step: ok('proxy', `${at} opened a tunnel to ${authority}.`, [answer.statusLine]),
        tunnel: answer.socket,
      };
    case 'timeout':
      return { step: failed('proxy', `${at} did not answer CONNECT within 10 seconds.`) };
    case 'closed':
      return {
        step: failed('proxy', `${at} closed the connection without answering CONNECT.`),
      };
    case 'not-http':
      return {
        step: failed(
          'proxy',
          `${at} answered with something that is not HTTP; check that this address is a web proxy.`,
          [`first bytes: ${JSON.stringify(answer.statusLine.slice(0, 60))}`],
        ),
      };
    case 'status': {
      const summary =
        answer.status === 407
          ? `${at} asks for credentials (407)${proxy.authorization ? ' and refused the ones Perch sent' : ''}; check the proxy user name and password in Preferences.`
          : `${at} could not open a connection to ${authority} (HTTP ${answer.status}).`;
      return { step: failed('proxy', summary, [answer.statusLine]) };
    }
  }
}

function certificateLines(label: string, cert: CertificateDetails): string[] {
  return [
    `${label} subject: ${cert.subject}`,
    `${label} issuer: ${cert.issuer}`,
    `${label} valid: ${cert.validFrom} to ${cert.validTo}`,
    `${label} SHA-256: ${cert.fingerprint}`,
  ];
}

const PROBLEM_WORDS: Record<string, string> = {
  expired: 'has expired',
  not_yet_valid: 'is not valid yet',
  wrong_name: 'was issued for another name',
  self_signed: 'is self-signed and not trusted',
  unknown_issuer: 'was issued by a certificate authority this computer does not trust',
  untrusted: 'does not chain to a trusted certificate authority',
};

/** The TLS handshake on `socket` (direct, or a proxy's tunnel), with the certificate's details. */
export function checkTls(
  socket: Socket,
  server: Endpoint,
  trust: ServerTrust | undefined,
  now: number,
): Promise<DoctorStep> {
  return new Promise((resolve) => {
    const options = tlsConnectOptions(trust);
    const secure = nodeTls().connect({
      socket,
      ...(nodeNet().isIP(server.host) ? {} : { servername: server.host }),
      secureContext: options.secureContext,
      // Verification is reported here, not enforced: this socket never carries a request.
      rejectUnauthorized: false,
    });
    const done = (step: DoctorStep) => {
      clearTimeout(timer);
      secure.destroy();
      resolve(step);
    };
    const timer = setTimeout(
      () => done(failed('tls', 'The secure (TLS) handshake did not finish within 10 seconds.')),
      STEP_TIMEOUT_MS,
    );
    secure.once('error', (err) =>
      done(
        failed('tls', 'The secure (TLS) handshake failed: the server may not speak https here.', [
          `handshake: ${codeOf(err)}`,
        ]),
      ),
    );
    secure.once('secureConnect', () => {
      const verifyCode = verifyCodeOf(secure);
      const report = describeChain(chainOf(secure), server.host, now, verifyCode);
      if (!report) return done(failed('tls', 'The server sent no certificate.'));
      const details = [
        ...certificateLines('certificate', report.certificate),
        `names: ${report.certificate.names.join(', ') || '(none)'}`,
        ...report.chain.flatMap((c, i) => certificateLines(`issuer ${i + 1}`, c)),
        ...(report.verifyCode ? [`verification: ${report.verifyCode}`] : []),
      ];
      const pinMismatch =
        options.checkServerIdentity?.(server.host, secure.getPeerCertificate()) ?? undefined;
      if (report.problem) {
        done(
          failed(
            'tls',
            `The server's certificate ${PROBLEM_WORDS[report.problem] ?? 'does not verify'}.`,
            details,
          ),
        );
      } else if (pinMismatch) {
        done(
          failed(
            'tls',
            'The server presented a certificate other than the one trusted for this account.',
            details,
          ),
        );
      } else {
        done(
          ok(
            'tls',
            `The certificate for ${server.host} verifies (${secure.getProtocol() ?? 'TLS'}).`,
            details,
          ),
        );
      }
    });
  });
}

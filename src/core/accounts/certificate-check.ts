/**
 * The Core's side of trusting a server's certificate: read what the server presents when
 * it does not verify, explain it in a sentence, and turn a fingerprint the user confirmed
 * into the trust stored with the account, checked against what the server presents now.
 */
import { NetworkError } from '../../api/errors.ts';
import { describeChain, type CertificateReport } from '../../api/tls/describe.ts';
import { fetchPresentedChain } from '../../api/tls/inspect.ts';
import type { ProxyRoute } from '../../api/connection.ts';
import { CoreError } from '../errors.ts';
import type { AccountTrust, CertificateReview } from '../../contract/schemas/certificate-review.ts';

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[|\]$/g, '');
}

/** What `url` presents now, described; undefined when no TLS handshake completes there. */
export async function inspectServer(
  url: string,
  now: number,
  proxy?: ProxyRoute,
): Promise<CertificateReport | undefined> {
  const presented = await fetchPresentedChain(url, proxy);
  if (!presented) return undefined;
  return describeChain(presented.chain, hostOf(url), now, presented.verifyCode);
}

/** The report without the PEM, for the renderer. */
export function toReview(report: CertificateReport): CertificateReview {
  const { trustable, problem, verifyCode, ...rest } = report;
  return {
    ...rest,
    ...(problem ? { problem } : {}),
    ...(verifyCode ? { verifyCode } : {}),
    ...(trustable
      ? { trustable: { kind: trustable.kind, fingerprint: trustable.fingerprint } }
      : {}),
  };
}

/**
 * Made when a certificate is first described, not when the module loads: the first date
 * formatter pages in about 5 MB of ICU's data from Node's binary, which every host then
 * kept resident for a sentence most people never see.
 */
let dateFormat: Intl.DateTimeFormat | undefined;

function day(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dateFormat.format(new Date(iso));
}

/** The common name, the most readable part of a subject or issuer. */
function commonName(name: string): string {
  return /(?:^|, )CN=([^,]+)/.exec(name)?.[1] ?? name;
}

/** The sentence the sign-in form shows above the certificate's details. */
export function certificateSentence(report: CertificateReport): string {
  const { host, certificate } = report;
  switch (report.problem) {
    case 'expired':
      return `The security certificate of ${host} expired on ${day(certificate.validTo)}. Perch does not connect to a server with an expired certificate: ask its administrator to renew it.`;
    case 'not_yet_valid':
      return `The security certificate of ${host} is not valid until ${day(certificate.validFrom)}. Check this computer's date and time, or ask the server's administrator.`;
    case 'wrong_name':
      return `The security certificate ${host} presented is for ${certificate.names.join(', ') || commonName(certificate.subject)}, not ${host}. Check the address you typed; if it is right, ask the server's administrator, as this can also mean someone is impersonating the server.`;
    case 'self_signed':
      return `The server ${host} presented a self-signed certificate: no authority this computer trusts vouches for it. Trust it only if its fingerprint matches the one the server's administrator gave you.`;
    case 'unknown_issuer':
      return report.trustable
        ? `The security certificate of ${host} was issued by ${commonName(certificate.issuer)}, an authority this computer does not trust (often an organization's own). Trust that authority for this server only if its fingerprint matches the one your administrator gave you.`
        : `The security certificate of ${host} was issued by ${commonName(certificate.issuer)}, an authority this computer does not trust, and the server did not send that authority's certificate. Ask your administrator for it and add it to this computer's trusted certificates.`;
    default:
      return `The security certificate of ${host} could not be verified${report.verifyCode ? ` (${report.verifyCode})` : ''}.`;
  }
}

/**
 * The sign-in error for a TLS failure whose cause is the certificate; undefined when the
 * failure is not about a certificate (then the ordinary network sentence applies).
 */
export async function certificateSignInError(
  err: unknown,
  url: string,
  now: number,
  proxy?: ProxyRoute,
): Promise<CoreError | undefined> {
  if (!(err instanceof NetworkError) || err.kind !== 'tls') return undefined;
  const report = await inspectServer(url, now, proxy).catch(() => undefined);
  if (!report?.problem) return undefined;
  return new CoreError(certificateSentence(report), {
    apiCode: 'CERTIFICATE',
    details: { certificate: toReview(report) },
  });
}

/**
 * The trust for a fingerprint the user compared and confirmed, taken from what the server
 * presents now: a confirmation only ever trusts the certificate it was shown for. Undefined
 * when the server's certificate verifies without it.
 */
export async function confirmedTrust(
  url: string,
  fingerprint: string,
  now: number,
  proxy?: ProxyRoute,
): Promise<AccountTrust | undefined> {
  const report = await inspectServer(url, now, proxy).catch(() => undefined);
  if (report && !report.problem && report.certificate.fingerprint === fingerprint) return undefined;
  const offered = report?.trustable;
  if (!report || !offered || offered.fingerprint !== fingerprint) {
    throw new CoreError(
      report
        ? `The certificate ${report.host} presents now is not the one you confirmed. Compare the new fingerprint before trusting it.`
        : `Could not read the security certificate of ${hostOf(url)} again to trust it. Try again.`,
      { apiCode: 'CERTIFICATE', ...(report ? { details: { certificate: toReview(report) } } : {}) },
    );
  }
  return { certificates: [offered.pem], pinned: offered.kind === 'certificate', fingerprint };
}

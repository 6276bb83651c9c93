/**
 * What a user needs to decide about a certificate that did not verify: why (precisely),
 * what it says about itself, and whether Perch offers to trust it.
 */
import { X509Certificate } from 'node:crypto';
import { nodeNet } from '../../lib/builtin.ts';
import { derToPem } from './fingerprint.ts';

export interface CertificateDetails {
  /** The subject as `CN=…, O=…`. */
  subject: string;
  issuer: string;
  /** ISO dates. */
  validFrom: string;
  validTo: string;
  /** SHA-256, `AB:CD:…`. */
  fingerprint: string;
  /** The host names and addresses it is valid for (subjectAltName, else its CN). */
  names: string[];
}

export type CertificateProblem =
  'expired' | 'not_yet_valid' | 'wrong_name' | 'self_signed' | 'unknown_issuer' | 'untrusted';

export interface CertificateReport {
  /** The host the certificate was checked against. */
  host: string;
  /** Undefined when the chain verifies and names the host. */
  problem: CertificateProblem | undefined;
  /** The server's own certificate. */
  certificate: CertificateDetails;
  /** The issuers the server sent with it, nearest first. */
  chain: CertificateDetails[];
  /**
   * What Perch offers to trust for this server, if anything: the server's own certificate
   * (self-signed) or the CA at the top of the chain it sent (an internal CA). Never offered
   * for an expired, not yet valid or wrong-name certificate: trusting it would not make it
   * valid, and a user should not be one click away from accepting one.
   */
  trustable?: { kind: 'certificate' | 'ca'; fingerprint: string; pem: string } | undefined;
  /** OpenSSL's verification result, for the details line. */
  verifyCode?: string | undefined;
}

/** `CN=a\nO=b` (Node's form) as `CN=a, O=b`. */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ');
}

function namesOf(cert: X509Certificate): string[] {
  const san = cert.subjectAltName;
  if (san) {
    return san
      .split(/,\s*/)
      .map((entry) => entry.replace(/^(DNS|IP Address):/, ''))
      .filter(Boolean);
  }
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1];
  return cn ? [cn] : [];
}

export function certificateDetails(cert: X509Certificate): CertificateDetails {
  return {
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    fingerprint: cert.fingerprint256,
    names: namesOf(cert),
  };
}

function isSelfSigned(cert: X509Certificate): boolean {
  return cert.checkIssued(cert) && cert.verify(cert.publicKey);
}

function matchesHost(cert: X509Certificate, host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return nodeNet().isIP(bare)
    ? cert.checkIP(bare) !== undefined
    : cert.checkHost(bare) !== undefined;
}

/**
 * What `chain` (the server's certificate first, as sent) is and why it fails for `host` at
 * `now`, if it does: `verifyCode` is OpenSSL's verdict against Perch's roots, undefined
 * when the chain verified. Undefined only for an empty chain.
 */
export function describeChain(
  chain: Buffer[],
  host: string,
  now: number,
  verifyCode: string | undefined,
): CertificateReport | undefined {
  const certs = chain.map((der) => new X509Certificate(der));
  const leaf = certs[0];
  if (!leaf) return undefined;
  const problem = problemOf(certs, leaf, host, now, verifyCode);
  const top = certs[certs.length - 1]!;
  const trustable =
    problem === 'self_signed'
      ? { kind: 'certificate' as const, fingerprint: leaf.fingerprint256, pem: derToPem(leaf.raw) }
      : problem === 'unknown_issuer' && certs.length > 1 && isSelfSigned(top) && top.ca
        ? { kind: 'ca' as const, fingerprint: top.fingerprint256, pem: derToPem(top.raw) }
        : undefined;
  return {
    host,
    problem,
    certificate: certificateDetails(leaf),
    chain: certs.slice(1).map(certificateDetails),
    ...(trustable ? { trustable } : {}),
    ...(verifyCode ? { verifyCode } : {}),
  };
}

function problemOf(
  certs: X509Certificate[],
  leaf: X509Certificate,
  host: string,
  now: number,
  verifyCode: string | undefined,
): CertificateProblem | undefined {
  // Dates and name first: they are wrong whoever issued the certificate.
  if (now > Date.parse(leaf.validTo)) return 'expired';
  if (now < Date.parse(leaf.validFrom)) return 'not_yet_valid';
  if (!matchesHost(leaf, host)) return 'wrong_name';
  if (!verifyCode) return undefined;
  if (isSelfSigned(leaf)) return 'self_signed';
  // The chain itself is sound (each certificate issued the one before) and only its root is
  // unknown: an internal CA. A broken chain is named as such, not offered for trust.
  const linked = certs.every((c, i) => i === 0 || certs[i - 1]!.checkIssued(c));
  return linked ? 'unknown_issuer' : 'untrusted';
}

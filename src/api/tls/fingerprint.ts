import { X509Certificate } from 'node:crypto';

/** SHA-256 of the DER certificate as `AB:CD:…`, the form browsers and openssl print. */
export function fingerprintOfPem(pem: string): string {
  return new X509Certificate(pem).fingerprint256;
}

/** The same form from raw DER, as `getPeerCertificate()` hands it over. */
export function fingerprintOfDer(der: Buffer): string {
  return new X509Certificate(der).fingerprint256;
}

export function derToPem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

import type { CertificateReview } from '../../../contract/schemas/certificate-review.ts';

/**
 * Why Perch offers no way to trust this certificate, in words. Trusting an expired or
 * wrong-name certificate would not make it right, and a user should never be one click
 * from accepting one: the fix is on the server.
 */
export function refusalText(review: CertificateReview): string | undefined {
  switch (review.problem) {
    case 'expired':
      return 'Perch does not offer to trust an expired certificate: an expired certificate may no longer be under its owner’s control. The server’s administrator has to renew it.';
    case 'not_yet_valid':
      return 'Perch does not offer to trust a certificate before its start date. If this computer’s clock is right, the server’s administrator has to fix the certificate.';
    case 'wrong_name':
      return `Perch does not offer to trust a certificate issued for another name: it is how a server impersonating ${review.host} would look. If the address is right, the server’s administrator has to issue a certificate for ${review.host}.`;
    case 'unknown_issuer':
      return 'The server did not send its authority’s certificate, so there is nothing Perch can check a fingerprint against. Add your organization’s authority to this computer’s trusted certificates; Perch trusts what the system trusts.';
    case 'untrusted':
      return 'This certificate’s chain is broken, so Perch does not offer to trust it. The server’s administrator has to fix it.';
    default:
      return undefined;
  }
}

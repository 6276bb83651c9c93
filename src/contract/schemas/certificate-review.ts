import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** A certificate as the user sees it before trusting it (no PEM: the Core keeps that). */
export const CertificateDetailsWire = lazySchema(() =>
  z.object({
    subject: z.string(),
    issuer: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    fingerprint: z.string(),
    names: z.array(z.string()),
  }),
);

/**
 * What a server presented, why it does not verify (if it does not), and what Perch offers
 * to trust: the sign-in form and a changed-certificate attention both show it.
 */
export const CertificateReview = lazySchema(() =>
  z.object({
    host: z.string(),
    problem: z
      .enum([
        'expired',
        'not_yet_valid',
        'wrong_name',
        'self_signed',
        'unknown_issuer',
        'untrusted',
      ])
      .optional(),
    certificate: CertificateDetailsWire,
    chain: z.array(CertificateDetailsWire),
    trustable: z
      .object({ kind: z.enum(['certificate', 'ca']), fingerprint: z.string() })
      .optional(),
    verifyCode: z.string().optional(),
  }),
);
export type CertificateReview = z.infer<typeof CertificateReview>;

/** The certificate the user trusted for an account's server; not secret, kept in the registry. */
export const AccountTrust = lazySchema(() =>
  z.object({
    /** PEM: the server's own certificate when `pinned`, else the CA that issued it. */
    certificates: z.array(z.string()).min(1),
    pinned: z.boolean(),
    /** SHA-256 of the trusted certificate, to show and compare. */
    fingerprint: z.string(),
  }),
);
export type AccountTrust = z.infer<typeof AccountTrust>;

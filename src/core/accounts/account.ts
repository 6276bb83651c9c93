import { z } from 'zod';
import { AccountTrust, CertificateReview } from '../../contract/schemas/certificate-review.ts';

/** Why an account stopped working until the user acts (credential health). */
export const Attention = z.object({
  code: z.enum([
    'INVALID_API_KEY',
    'USER_DEACTIVATED',
    'REALM_DEACTIVATED',
    'KEY_MISSING',
    'CERTIFICATE_CHANGED',
  ]),
  message: z.string(),
  since: z.number(),
  /** CERTIFICATE_CHANGED: the fingerprint trusted before and what the server presents now. */
  certificate: z
    .object({ trusted: z.string(), presented: CertificateReview.optional() })
    .optional(),
});
export type Attention = z.infer<typeof Attention>;

/**
 * One signed-in identity on one server, as kept on disk. It holds no secret: the API key
 * lives in the SecretStore under `id`.
 */
export const Account = z.object({
  id: z.string().min(1),
  serverUrl: z.string().url(),
  email: z.string().min(1),
  userId: z.number().int(),
  fullName: z.string(),
  role: z.number().int(),
  realmName: z.string(),
  realmIcon: z.string().optional(),
  featureLevel: z.number().int().nonnegative(),
  addedAt: z.number(),
  attention: Attention.optional(),
  /** A certificate (or CA) the user trusted for this server after comparing its fingerprint. */
  trust: AccountTrust.optional(),
  /** Signed in to the embedded demo organization, which lives only as long as this run. */
  demo: z.boolean().optional(),
});
export type Account = z.infer<typeof Account>;

/** The keychain entry name of an account: stable, readable in a keychain manager. */
export function accountId(serverUrl: string, email: string): string {
  return `${email}@${new URL(serverUrl).origin}`;
}

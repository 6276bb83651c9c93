import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AccountTrust, CertificateReview } from '../../contract/schemas/certificate-review.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** Why an account stopped working until the user acts (credential health). */
export const Attention = lazySchema(() =>
  z.object({
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
  }),
);
export type Attention = z.infer<typeof Attention>;

/**
 * One signed-in identity on one server. It holds no secret: the API key lives in the
 * SecretStore under `id`. `email` and `fullName` are known in memory only: accounts.json
 * keeps neither (registry.ts), the email is kept beside the key in the secret store
 * (credential.ts).
 */
export const Account = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    serverUrl: z.string().url(),
    /** Empty until the account's secret store entry has been read after a restart. */
    email: z.string(),
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
  }),
);
export type Account = z.infer<typeof Account>;

/**
 * A new account's id, which is also its secret store entries' name and its files' name:
 * random, so that no email or server can be read from the data directory or the keychain
 * (docs/architecture.md, "The cache on disk").
 */
export function newAccountId(): string {
  return `a-${randomBytes(12).toString('hex')}`;
}

/** Whether an id is of the kind given before ids were random: `email@origin`. */
export function isLegacyId(id: string, serverUrl: string): boolean {
  return id.endsWith(`@${new URL(serverUrl).origin}`) && legacyEmail(id, serverUrl) !== '';
}

/** The email an `email@origin` id of an earlier Perch was made of. */
export function legacyEmail(id: string, serverUrl: string): string {
  const suffix = `@${new URL(serverUrl).origin}`;
  return id.endsWith(suffix) ? id.slice(0, -suffix.length) : '';
}

/** The same person on the same server: signing in again finds the account it made. */
export function sameIdentity(
  a: Pick<Account, 'serverUrl' | 'userId'>,
  b: Pick<Account, 'serverUrl' | 'userId'>,
): boolean {
  return new URL(a.serverUrl).origin === new URL(b.serverUrl).origin && a.userId === b.userId;
}

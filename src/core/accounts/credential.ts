/**
 * What an account's secret store entry holds: the API key and, beside it, the email it goes
 * with, so the data directory never holds the email (docs/architecture.md, "The cache on
 * disk"). An entry of an earlier Perch holds the bare key.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const Stored = lazySchema(() => z.object({ email: z.string(), apiKey: z.string() }));
export type Credential = { email: string | undefined; apiKey: string };

export function encodeCredential(email: string, apiKey: string): string {
  return JSON.stringify({ email, apiKey });
}

/** The key and email of an entry; a bare key (an earlier Perch's) comes without its email. */
export function decodeCredential(secret: string): Credential {
  if (secret.startsWith('{')) {
    try {
      const parsed = Stored.parse(JSON.parse(secret));
      return { email: parsed.email || undefined, apiKey: parsed.apiKey };
    } catch {
      // Not ours after all: read as a bare key, which the server will judge.
    }
  }
  return { email: undefined, apiKey: secret };
}

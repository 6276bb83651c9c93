import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret for one run of the web host; it travels only in the printed URL. */
export function newRunToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Constant-time comparison, so a caller cannot learn the token byte by byte. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

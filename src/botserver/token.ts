import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares webhook tokens in constant time. Hashing first gives equal-length inputs, so
 * not even the token's length leaks through timing.
 */
export function tokensEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

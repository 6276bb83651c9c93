/**
 * What Activity says about an account's cache, in words (codes behind Details).
 */
import type { RefusalReason } from './cache-format.ts';

const REASONS: Record<RefusalReason, string> = {
  truncated: 'it was cut short, as if a write had been interrupted',
  'not-a-cache': 'it is not a file Perch wrote',
  'other-version': 'it was written by another version of Perch',
  'does-not-decrypt':
    'it did not decrypt: it was changed on disk or its key is not the one it was saved with',
  'no-key': 'its key is no longer in the keychain',
  'unreadable-contents': 'its contents could not be read back whole',
};

export function refusedSentence(reason: RefusalReason): string {
  return `The copy of this account saved on this computer was not used because ${REASONS[reason]}. It was deleted, and the account started from the server.`;
}

export function unwritableSentence(): string {
  return 'Perch could not save a copy of this account on this computer (the disk may be full); the account works as before, and the next start waits for the server.';
}

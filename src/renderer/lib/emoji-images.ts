/**
 * Where a Unicode emoji's picture is: the image set our build copies beside index.html
 * (scripts/vite-emoji-images.ts), same-origin in both hosts. The few file names that differ
 * from the code load with the catalog; until then the code itself is tried.
 */
import { normalizeCode } from '../../lib/emoji/code.ts';

let names: Readonly<Record<string, string>> | undefined;

export async function loadEmojiImageNames(): Promise<void> {
  names ??= (await import('virtual:emoji-image-names')).default;
}

export function emojiImageUrl(code: string): string {
  const c = normalizeCode(code);
  return `./emoji/64/${names?.[c] ?? c}.png`;
}

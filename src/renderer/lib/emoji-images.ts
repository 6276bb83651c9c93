/**
 * Where a Unicode emoji's picture is: the image set our build copies beside index.html
 * (scripts/vite-emoji-images.ts), same-origin in both hosts. The list of images loads with
 * the catalog; until then the code itself is tried as the file name.
 */
import { normalizeCode } from '../../lib/emoji/code.ts';

let names: Readonly<Record<string, string>> | undefined;

export async function loadEmojiImageNames(): Promise<void> {
  names ??= (await import('virtual:emoji-image-names')).default;
}

/** The image, or undefined once the list says the set has none (emoji newer than it). */
export function emojiImageUrl(code: string): string | undefined {
  const c = normalizeCode(code);
  if (!names) return `./emoji/64/${c}.png`;
  const stem = names[c];
  return stem === undefined ? undefined : `./emoji/64/${stem || c}.png`;
}

/** False only when the loaded list knows the set has no image for this code. */
export function hasEmojiImage(code: string): boolean {
  return !names || names[normalizeCode(code)] !== undefined;
}

/** The service's extra emoji this build carries (resources/emoji/, copied by the build). */
const SERVICE_EMOJI: ReadonlySet<string> = new Set(['zulip']);

/** The picture of a `service_extra_emoji` reaction, whose code is its name (spec 2.3). */
export function serviceEmojiImageUrl(code: string): string | undefined {
  return SERVICE_EMOJI.has(code) ? `./emoji/service/${code}.png` : undefined;
}

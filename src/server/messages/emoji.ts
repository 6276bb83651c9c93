/**
 * The emoji this server knows by name: the full Unicode set of the shared catalog (the
 * same names the client offers), built once at start. Codes are the dash-separated hex
 * codepoints of spec 2.3, lowercase, without U+FE0F.
 */
import compact from 'emojibase-data/en/compact.json';
import iamcal from 'emojibase-data/en/shortcodes/iamcal.json';
import { buildCatalog } from '../../lib/emoji/catalog.ts';
import { isCodepointSequence, normalizeCode } from '../../lib/emoji/code.ts';

export const UNICODE_CATALOG = buildCatalog(compact, iamcal);

/** The service's own extra emoji, whose code is its name. */
export const SERVICE_EXTRA_EMOJI: ReadonlySet<string> = new Set(['service']);

export interface EmojiChoice {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export type EmojiCheck = { ok: EmojiChoice } | { error: string };

/**
 * Completes and checks a reaction's emoji: the code defaults from the name, and a code
 * must be valid in the namespace of its reaction type (any codepoint sequence for
 * Unicode emoji, so that emoji newer than the catalog still work). No custom emoji are
 * uploaded here, so every `realm_emoji` code is invalid.
 */
export function resolveEmoji(
  name: string | undefined,
  code: string | undefined,
  type: string,
): EmojiCheck {
  if (type === 'unicode_emoji') {
    const given = code === undefined ? undefined : normalizeCode(code);
    const resolved =
      given ?? (name === undefined ? undefined : UNICODE_CATALOG.codeByName.get(name));
    if (resolved === undefined) return { error: `Emoji '${name ?? ''}' does not exist` };
    if (!isCodepointSequence(resolved)) return { error: 'Invalid emoji code.' };
    const fallbackName = UNICODE_CATALOG.byCode.get(resolved)?.name ?? resolved;
    return { ok: { emoji_name: name ?? fallbackName, emoji_code: resolved, reaction_type: type } };
  }
  if (type === 'service_extra_emoji') {
    const resolved = code ?? name;
    if (resolved === undefined || !SERVICE_EXTRA_EMOJI.has(resolved))
      return { error: 'Invalid emoji code.' };
    return { ok: { emoji_name: name ?? resolved, emoji_code: resolved, reaction_type: type } };
  }
  if (type === 'realm_emoji') return { error: 'Invalid emoji code.' };
  return { error: 'Invalid reaction_type' };
}

/**
 * The emoji this server knows by name: a small common set, enough for reactions in the
 * demo and in tests. Codes are the dash-separated hex codepoints of spec 2.3.
 */
export const UNICODE_EMOJI: Readonly<Record<string, string>> = {
  '+1': '1f44d',
  thumbs_up: '1f44d',
  '-1': '1f44e',
  heart: '2764',
  smile: '1f604',
  grinning: '1f600',
  laughing: '1f606',
  joy: '1f602',
  tada: '1f389',
  rocket: '1f680',
  eyes: '1f440',
  fire: '1f525',
  thinking: '1f914',
  wave: '1f44b',
  clap: '1f44f',
  pray: '1f64f',
  octopus: '1f419',
  check: '2705',
  cross_mark: '274c',
  hundred: '1f4af',
  working_on_it: '1f6e0',
  flag_france: '1f1eb-1f1f7',
};

/** The service's own extra emoji, whose code is its name. */
export const SERVICE_EXTRA_EMOJI: ReadonlySet<string> = new Set(['service']);

/** Dash-separated hex codepoints, each a real (non-surrogate) Unicode scalar value. */
function isCodepointSequence(code: string): boolean {
  return code.split('-').every((part) => {
    if (!/^[0-9a-f]{2,6}$/.test(part)) return false;
    const cp = parseInt(part, 16);
    return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
  });
}

export interface EmojiChoice {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export type EmojiCheck = { ok: EmojiChoice } | { error: string };

/**
 * Completes and checks a reaction's emoji: the code defaults from the name, and a code
 * must be valid in the namespace of its reaction type (any codepoint sequence for
 * Unicode emoji, whose names this server only partly knows). No custom emoji are
 * uploaded here, so every `realm_emoji` code is invalid.
 */
export function resolveEmoji(
  name: string | undefined,
  code: string | undefined,
  type: string,
): EmojiCheck {
  if (type === 'unicode_emoji') {
    const resolved = code ?? (name === undefined ? undefined : UNICODE_EMOJI[name]);
    if (resolved === undefined) return { error: `Emoji '${name ?? ''}' does not exist` };
    if (!isCodepointSequence(resolved)) return { error: 'Invalid emoji code.' };
    const fallbackName =
      Object.keys(UNICODE_EMOJI).find((n) => UNICODE_EMOJI[n] === resolved) ?? resolved;
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

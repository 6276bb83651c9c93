/**
 * The emoji this server knows by name: the full Unicode set of the shared catalog (the
 * same names the client offers), built once at start. Codes are the dash-separated hex
 * codepoints of spec 2.3, lowercase, without U+FE0F.
 */
import compact from 'emojibase-data/en/compact.json' with { type: 'json' };
import iamcal from 'emojibase-data/en/shortcodes/iamcal.json' with { type: 'json' };
import { buildCatalog } from '../../lib/emoji/catalog.ts';
import { isCodepointSequence, normalizeCode } from '../../lib/emoji/code.ts';
import { activeRealmEmojiNamed } from '../emoji/realm-emoji.ts';
import type { ServerState } from '../state/state.ts';
import type { RealmEmojiRecord } from '../state/types.ts';

export const UNICODE_CATALOG = buildCatalog(compact, iamcal);

/**
 * The service's own extra emoji, whose code is its name (spec 2.3, `service_extra_emoji`):
 * upstream has one, `:zulip:`, drawn from its static files.
 */
export const SERVICE_EXTRA_EMOJI: ReadonlySet<string> = new Set(['zulip']);

/** Where upstream serves the extra emoji's picture; http/emoji-images.ts serves it here. */
export const SERVICE_EMOJI_IMAGE_PATH = '/static/generated/emoji/images/emoji/unicode/zulip.png';

export interface EmojiChoice {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export type EmojiCheck = { ok: EmojiChoice } | { error: string };

/**
 * Completes and checks a reaction's emoji: the code defaults from the name, and a code
 * must be valid in the namespace of its reaction type (any codepoint sequence for
 * Unicode emoji, so that emoji newer than the catalog still work; a custom emoji's id,
 * with its own name). Without a type, a name means the organization's custom emoji of
 * that name, then the service's own, before a Unicode one, as upstream resolves it. Deactivated custom emoji can
 * only be removed (`forRemoval`), so old reactions can still be taken back.
 */
export function resolveEmoji(
  state: ServerState,
  p: { name: string | undefined; code: string | undefined; type: string | undefined },
  forRemoval = false,
): EmojiCheck {
  const { name, code } = p;
  const custom = (e: RealmEmojiRecord | undefined): EmojiCheck => {
    if (!e || (e.deactivated && !forRemoval)) return { error: 'Invalid emoji code.' };
    if (name !== undefined && name !== e.name) return { error: 'Invalid emoji name.' };
    return { ok: { emoji_name: e.name, emoji_code: e.id, reaction_type: 'realm_emoji' } };
  };
  const type =
    p.type ??
    (code === undefined && name !== undefined && activeRealmEmojiNamed(state, name)
      ? 'realm_emoji'
      : code === undefined && name !== undefined && SERVICE_EXTRA_EMOJI.has(name)
        ? 'service_extra_emoji'
        : 'unicode_emoji');
  if (type === 'realm_emoji') {
    if (code !== undefined) return custom(state.realmEmoji.get(code));
    return custom(name === undefined ? undefined : activeRealmEmojiNamed(state, name));
  }
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
  return { error: 'Invalid reaction_type' };
}

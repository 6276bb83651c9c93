/**
 * The Unicode emoji catalog built from Emojibase's compact English data and the iamcal
 * shortcodes (the names closest to the service's own), pure so that the reference server
 * (synchronously, at start) and the renderer (lazily, after first paint) share it.
 */
import { normalizeCode } from './code.ts';
import type { EmojiCategory, SkinTone, SkinVariant, UnicodeEmoji } from './types.ts';
import { UPSTREAM_ALIASES, UPSTREAM_NAMES } from './upstream-names.ts';

/** The fields of Emojibase's compact data this catalog reads. */
export interface CompactEmojiInput {
  hexcode: string;
  label: string;
  unicode: string;
  group?: number;
  order?: number;
  tags?: readonly string[];
  skins?: readonly { hexcode: string; unicode: string }[];
}

/** Emojibase shortcode files: hexcode to one name or several. */
export type ShortcodeInput = Readonly<Record<string, string | readonly string[]>>;

// Emojibase's group numbers; 2 (hair and skin components) is not offered on its own.
const CATEGORY_OF_GROUP: Readonly<Record<number, EmojiCategory>> = {
  0: 'smileys',
  1: 'people',
  3: 'nature',
  4: 'food',
  5: 'travel',
  6: 'activities',
  7: 'objects',
  8: 'symbols',
  9: 'flags',
};

/**
 * The names the service and this project used before the full set, kept first so that
 * reactions already stored (and the demo's history) keep their names.
 */
const SERVICE_NAMES: Readonly<Record<string, readonly string[]>> = {
  '1f44d': ['+1', 'thumbs_up'],
  '2705': ['check'],
  '274c': ['cross_mark'],
  '1f4af': ['hundred'],
  '1f6e0': ['working_on_it'],
  '1f1eb-1f1f7': ['flag_france'],
};

/** Every upstream name and alias to the one emoji it belongs to (upstream-names.ts). */
const UPSTREAM_CODE_OF_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(UPSTREAM_ALIASES),
  ...Object.entries(UPSTREAM_NAMES),
]);

/** Code to upstream's canonical name, and to its further names. */
const UPSTREAM_NAME_OF_CODE: ReadonlyMap<string, string> = new Map(
  Object.entries(UPSTREAM_NAMES).map(([n, c]) => [c, n]),
);
const UPSTREAM_ALIASES_OF_CODE: ReadonlyMap<string, readonly string[]> = (() => {
  const byCode = new Map<string, string[]>();
  for (const [n, c] of Object.entries(UPSTREAM_ALIASES))
    byCode.set(c, [...(byCode.get(c) ?? []), n]);
  return byCode;
})();

const TONE_OF_MODIFIER: Readonly<Record<string, Exclude<SkinTone, 0>>> = {
  '1f3fb': 1,
  '1f3fc': 2,
  '1f3fd': 3,
  '1f3fe': 4,
  '1f3ff': 5,
};

export interface EmojiCatalog {
  /** Every offered emoji in Unicode's order. */
  readonly all: readonly UnicodeEmoji[];
  /** Every name, alias and skin-tone name to its emoji code. */
  readonly codeByName: ReadonlyMap<string, string>;
  /** Every code (base and skin-toned) to its name and characters. */
  readonly byCode: ReadonlyMap<string, { name: string; char: string; label: string }>;
}

function snakeName(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The one tone of a skin variant, or undefined when its people have different tones. */
function toneOf(code: string): Exclude<SkinTone, 0> | undefined {
  const tones = new Set(code.split('-').flatMap((p) => TONE_OF_MODIFIER[p] ?? []));
  return tones.size === 1 ? [...tones][0] : undefined;
}

export function buildCatalog(
  compact: readonly CompactEmojiInput[],
  iamcal: ShortcodeInput,
): EmojiCatalog {
  const all: UnicodeEmoji[] = [];
  const codeByName = new Map<string, string>();
  const byCode = new Map<string, { name: string; char: string; label: string }>();
  const sorted = [...compact].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

  for (const e of sorted) {
    const category = e.group === undefined ? undefined : CATEGORY_OF_GROUP[e.group];
    if (!category) continue;
    const code = normalizeCode(e.hexcode);
    const given = iamcal[e.hexcode];
    const candidates = [
      ...(SERVICE_NAMES[code] ?? []),
      ...[UPSTREAM_NAME_OF_CODE.get(code) ?? []].flat(),
      ...(given === undefined ? [] : typeof given === 'string' ? [given] : given),
      snakeName(e.label),
      ...(UPSTREAM_ALIASES_OF_CODE.get(code) ?? []),
    ];
    // Upstream's table overrides the shipped names: a name upstream gives to another emoji
    // (`cat` for 🐈, not 🐱) is that emoji's alone.
    const names = [...new Set(candidates)].filter(
      (n) => n !== '' && !codeByName.has(n) && (UPSTREAM_CODE_OF_NAME.get(n) ?? code) === code,
    );
    const name = names[0] ?? `emoji_${code}`;
    for (const n of names) codeByName.set(n, code);
    codeByName.set(name, code);
    byCode.set(code, { name, char: e.unicode, label: e.label });

    const skins: SkinVariant[] = [];
    for (const s of e.skins ?? []) {
      const skinCode = normalizeCode(s.hexcode);
      const tone = toneOf(skinCode);
      if (tone === undefined || skins.some((k) => k.tone === tone)) continue;
      const skinName = `${name}_tone${tone}`;
      skins.push({ tone, name: skinName, code: skinCode, char: s.unicode });
      codeByName.set(skinName, skinCode);
      byCode.set(skinCode, { name: skinName, char: s.unicode, label: e.label });
    }
    all.push({
      name,
      aliases: names.filter((n) => n !== name),
      code,
      char: e.unicode,
      label: e.label,
      keywords: [...(e.tags ?? []), ...e.label.toLowerCase().split(/[\s:,]+/)],
      category,
      skins,
    });
  }
  return { all, codeByName, byCode };
}

/** The emoji in the given skin tone where it has one, else as it is. */
export function withSkinTone(
  e: UnicodeEmoji,
  tone: SkinTone,
): { name: string; code: string; char: string } {
  const shown = (tone === 0 ? undefined : e.skins.find((s) => s.tone === tone)) ?? e;
  return { name: shown.name, code: shown.code, char: shown.char };
}

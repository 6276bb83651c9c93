/** The picker's tabs: recently used and custom emoji when there are any, then Unicode's groups. */
import { EMOJI_CATEGORIES, type EmojiCategory } from '../../../lib/emoji/index.ts';

export interface PickerTab {
  key: EmojiCategory | 'recent' | 'custom';
  label: string;
  /** The Unicode emoji (code) that stands for the tab. */
  icon: string;
}

const ICONS: Readonly<Record<EmojiCategory, string>> = {
  smileys: '1f600',
  people: '1f44b',
  nature: '1f43b',
  food: '1f34e',
  travel: '1f697',
  activities: '26bd',
  objects: '1f4a1',
  symbols: '2764',
  flags: '1f3c1',
};

export function tabsOf(hasRecent: boolean, hasCustom: boolean): PickerTab[] {
  return [
    ...(hasRecent ? [{ key: 'recent' as const, label: 'Recently used', icon: '1f552' }] : []),
    ...(hasCustom ? [{ key: 'custom' as const, label: 'Custom emoji', icon: '2b50' }] : []),
    ...EMOJI_CATEGORIES.map((c) => ({ key: c.key, label: c.label, icon: ICONS[c.key] })),
  ];
}

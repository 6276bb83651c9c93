import { describe, expect, it } from 'vitest';
import { buildCatalog, withSkinTone } from '../../../../src/lib/emoji/catalog.ts';

describe('skin tones', () => {
  const catalog = buildCatalog(
    [
      {
        hexcode: '1F44B',
        label: 'waving hand',
        unicode: '👋',
        group: 1,
        skins: [
          { hexcode: '1F44B-1F3FB', unicode: '👋🏻' },
          { hexcode: '1F44B-1F3FF', unicode: '👋🏿' },
        ],
      },
      {
        hexcode: '1F91D',
        label: 'handshake',
        unicode: '🤝',
        group: 1,
        skins: [
          { hexcode: '1FAF1-1F3FB-200D-1FAF2-1F3FC', unicode: '🫱🏻‍🫲🏼' },
          { hexcode: '1FAF1-1F3FC-200D-1FAF2-1F3FC', unicode: '🫱🏼‍🫲🏼' },
        ],
      },
    ],
    { '1F44B': 'wave' },
  );
  const [wave, handshake] = catalog.all;

  it('names a toned emoji after its base name and resolves that name', () => {
    expect(withSkinTone(wave!, 5)).toEqual({ name: 'wave_tone5', code: '1f44b-1f3ff', char: '👋🏿' });
    expect(catalog.codeByName.get('wave_tone1')).toBe('1f44b-1f3fb');
  });

  it('falls back to the base emoji when that tone does not exist', () => {
    expect(withSkinTone(wave!, 3).code).toBe('1f44b');
    expect(withSkinTone(wave!, 0).code).toBe('1f44b');
  });

  it('offers only variants whose people share one tone', () => {
    expect(handshake!.skins.map((s) => s.tone)).toEqual([2]);
  });

  it('names an emoji without a shortcode after its Unicode description', () => {
    expect(handshake!.name).toBe('handshake');
  });
});

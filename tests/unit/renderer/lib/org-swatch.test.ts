import { describe, expect, it } from 'vitest';
import {
  LIGHTNESS,
  SATURATION,
  initialsOf,
  swatchOf,
} from '../../../../src/renderer/lib/org-swatch.ts';

/** WCAG relative luminance of an HSL colour (CSS Color 4's hsl-to-rgb). */
function luminance(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(f(0)) + 0.7152 * lin(f(8)) + 0.0722 * lin(f(4));
}

describe("an organization's stand-in icon", () => {
  it('shows up to two initials of its name, in any script', () => {
    expect(initialsOf('Perch Demo')).toBe('PD');
    expect(initialsOf('acme')).toBe('A');
    expect(initialsOf('The Big Team Space')).toBe('TB');
    expect(initialsOf('élan—vital')).toBe('ÉV');
    expect(initialsOf('  ')).toBe('?');
  });

  it('has a colour that stays the same for one address and differs between addresses', () => {
    expect(swatchOf('https://chat.example.org')).toBe(swatchOf('https://chat.example.org'));
    expect(swatchOf('https://chat.example.org')).not.toBe(swatchOf('https://team.example.com'));
    expect(swatchOf('https://chat.example.org')).toMatch(/^hsl\(\d+ \d+% \d+%\)$/);
  });

  it('keeps white initials readable (WCAG AA, 4.5:1) whatever the hue', () => {
    for (let hue = 0; hue < 360; hue++) {
      const contrast = 1.05 / (luminance(hue, SATURATION / 100, LIGHTNESS / 100) + 0.05);
      expect(contrast, `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

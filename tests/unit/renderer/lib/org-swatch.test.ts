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
    const orgs = ['chat.example.org', 'team.example.com', 'acme.zulipchat.com', 'devs.io', 'x.y'];
    expect(new Set(orgs.map((o) => swatchOf(`https://${o}`))).size).toBeGreaterThanOrEqual(4);
    expect(swatchOf('https://chat.example.org')).toMatch(/^hsl\(\d+ \d+% \d+%\)$/);
  });

  it('spreads addresses that differ only at the end (a port, a letter) over the hues', () => {
    const hue = (url: string) => Number(/^hsl\((\d+)/.exec(swatchOf(url))![1]);
    const near = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b)) < 20;
    const ports = Array.from({ length: 40 }, (_, i) => hue(`http://127.0.0.1:${42300 + i}`));
    // Neighbouring ports next to each other on the colour wheel would be one colour to the eye.
    const close = ports.slice(1).filter((h, i) => near(h, ports[i]!)).length;
    expect(close).toBeLessThan(10);
    expect(new Set(ports).size).toBeGreaterThan(10);
  });

  it('keeps white initials readable (WCAG AA, 4.5:1) whatever the hue', () => {
    for (let hue = 0; hue < 360; hue++) {
      const contrast = 1.05 / (luminance(hue, SATURATION / 100, LIGHTNESS / 100) + 0.05);
      expect(contrast, `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

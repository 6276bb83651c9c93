import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/**
 * An axe-core scan of `page` (or of the part `include` selects) against WCAG 2.1 A and AA.
 *
 * Legacy mode runs `axe.run` in the page itself. The default runs `axe.runPartial` in every
 * frame and then `axe.finishRun` in a blank page it opens for that (a new renderer process,
 * with axe's source compiled again there): that machinery exists to reach cross-origin
 * frames, the one thing legacy mode leaves out (@axe-core/playwright's README,
 * "setLegacyMode"). Perch's window has none (its Content-Security-Policy allows 'self' only,
 * and sanitize.ts drops iframes from message HTML), and the check below fails the scan should
 * one ever appear, so both modes scan the same DOM with the same rules. Side by side, 16
 * scans of accessibility.spec.ts took 46.0 and 63.4 s by default, 24.4 and 27.5 s in legacy
 * mode.
 */
export async function wcagScan(page: Page, include?: string): Promise<AxeResults> {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && new URL(url).origin !== origin);
  expect(crossOrigin, 'cross-origin frames, which a legacy-mode scan skips').toEqual([]);
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true);
  return (include ? builder.include(include) : builder).analyze();
}

/**
 * Screenshots are for a developer to look at, not for CI to make: they are written only when
 * PERCH_SHOTS names a folder (`PERCH_SHOTS=/tmp/shots/mine npx playwright test …`), each under
 * a subfolder named after its spec file, and cost nothing otherwise.
 */
import { test, type Locator, type Page } from '@playwright/test';
import { basename, join } from 'node:path';

export const shotsFolder: string | undefined = process.env['PERCH_SHOTS'] || undefined;

/** One screenshot of a page or an element, named `name`.png; none without PERCH_SHOTS. */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!shotsFolder) return;
  const spec = basename(test.info().file).replace(/\.spec\.ts$/, '');
  await target.screenshot({ path: join(shotsFolder, spec, `${name}.png`) });
}

/**
 * The page in light and dark at each width (760 and 1280 px unless told), as
 * `name-width-theme`.png; then back to the size it had and the light theme, so that a run
 * with screenshots goes on as one without. None without PERCH_SHOTS.
 */
export async function shotsAcross(
  page: Page,
  name: string,
  { widths = [760, 1280], height = 800 }: { widths?: number[]; height?: number } = {},
): Promise<void> {
  if (!shotsFolder) return;
  const size = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height });
      await shot(page, `${name}-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

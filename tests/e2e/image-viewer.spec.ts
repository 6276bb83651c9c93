/**
 * The image viewer, end to end in Chromium against browser mode and the reference server:
 * a click (or Enter on its link) on an inline image opens it over the list at full size,
 * loaded only then; previous and next step through the conversation's images; zoom and
 * download; Escape closes and gives the focus back; no new tab opens.
 */
import { expect, test, type Page } from '@playwright/test';
import { uploads } from '../../src/server/uploads/store.ts';
import { messageRow } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const suite = useMessageSuite();
expectNoPageErrors();
const { byEmail: user } = suite;

/** A PNG of one colour, `width` × `height`, drawn by the browser. */
async function png(page: Page, width: number, height: number, colour: string): Promise<Buffer> {
  const data = await page.evaluate(
    async ([w, h, c]) => {
      const canvas = new OffscreenCanvas(w as number, h as number);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = c as string;
      ctx.fillRect(0, 0, w as number, h as number);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    [width, height, colour],
  );
  return Buffer.from(data, 'base64');
}

test('inline images open in a viewer over the list, one after another, zoomed and downloaded', async ({
  page,
  context,
}) => {
  const member = user('member');
  const store = uploads(suite.server.ctx);
  const add = async (name: string, w: number, h: number, colour: string) =>
    store.add(member.user_id, name, 'image/png', await png(page, w, h, colour)).path;
  const red = await add('red.png', 400, 300, '#d33');
  const green = await add('green.png', 200, 100, '#3a3');
  const blue = await add('blue.png', 120, 120, '#33d');
  const first = suite.post(member, 'photos', `two shots [red.png](${red}) [green.png](${green})`);
  suite.post(member, 'photos', 'no pictures here');
  const last = suite.post(member, 'photos', `and [blue.png](${blue})`);
  // Count the short-lived links the server hands out: one per image the client loads.
  let links = 0;
  const temporaryLink = store.temporaryLink.bind(store);
  store.temporaryLink = (upload) => {
    links++;
    return temporaryLink(upload);
  };

  await suite.openAt(page, user('owner'), 'channel:general topic:photos');
  const inline = (id: number) => messageRow(page, id).locator('.message_inline_image img');
  await expect(inline(first.id)).toHaveCount(2);
  for (const id of [first.id, last.id]) {
    await expect
      .poll(() =>
        inline(id).evaluateAll((imgs) =>
          imgs.every(
            (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
  }
  const shown = links;
  const viewer = page.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toHaveCount(0);

  await inline(first.id).first().click();
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('Image 1 of 3');
  await expect(viewer).toContainText('red.png');
  const full = viewer.locator('img');
  await expect(full).toHaveAttribute('src', /\/user_uploads\/temporary\//);
  await expect.poll(() => full.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(400);
  // The full-size image was asked for now, when the viewer opened, and not before.
  expect(links).toBe(shown + 1);
  expect(context.pages()).toHaveLength(1);

  // Zoom: from the fitted size (the whole 400 px image fits) up one step, then back to fit.
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByRole('button', { name: 'Fit to window' })).toHaveText('150%');
  await expect.poll(() => full.evaluate((i: HTMLImageElement) => i.clientWidth)).toBe(600);
  await page.keyboard.press('0');
  await expect(viewer.getByRole('button', { name: 'Fit to window' })).toHaveText('Fit');
  await expect.poll(() => full.evaluate((i: HTMLImageElement) => i.clientWidth)).toBe(400);

  const download = viewer.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('download', 'red.png');
  await expect(download).toHaveAttribute('href', /\/user_uploads\/temporary\//);

  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('Image 2 of 3');
  await expect(viewer).toContainText('green.png');
  await expect.poll(() => full.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(200);
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(viewer).toContainText('Image 3 of 3');
  await expect(viewer.getByRole('button', { name: 'Next image' })).toBeDisabled();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Image 2 of 3');

  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  const firstLink = messageRow(page, first.id).locator('.message_inline_image a').first();
  await expect(firstLink).toBeFocused();

  // From the keyboard: Enter on an image's link opens that image.
  const lastLink = messageRow(page, last.id).locator('.message_inline_image a');
  await lastLink.focus();
  await page.keyboard.press('Enter');
  await expect(viewer).toContainText('Image 3 of 3');
  await page.keyboard.press('Escape');
  await expect(lastLink).toBeFocused();
  expect(context.pages()).toHaveLength(1);
});

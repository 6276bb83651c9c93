/**
 * Compose's formatting row and its preview, end to end in Chromium against browser mode and
 * the reference server: the formatting buttons wrap the selection as upstream's compose does,
 * the emoji button inserts a picked emoji (Unicode or the organization's own) by name, and
 * the preview draws the message exactly as the list draws it once sent.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { StoredMessage } from '../../src/server/messages/types.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { expectNoPageErrors } from './support/page-errors.ts';

const suite = useMessageSuite();
expectNoPageErrors();

const { byEmail: user } = suite;
const newest = (): Partial<StoredMessage> => suite.m.store.get(suite.m.store.maxId) ?? {};
const compose = (page: Page) => page.getByRole('form', { name: 'Compose' });
const box = (page: Page) => compose(page).getByRole('textbox', { name: 'Message' });
const tools = (page: Page) => compose(page).getByRole('toolbar', { name: 'Formatting' });

async function toTopic(page: Page, topic: string) {
  const c = compose(page);
  await c.getByRole('combobox', { name: 'Channel' }).fill('gen');
  await expect(c.getByRole('option', { name: /^#general/ })).toBeVisible();
  await c.getByRole('combobox', { name: 'Channel' }).press('Enter');
  await c.getByRole('combobox', { name: 'Topic' }).fill(topic);
}

/** Selects the last `n` characters of the box, as Shift+Left would. */
async function selectLast(page: Page, n: number) {
  await box(page).press('End');
  for (let i = 0; i < n; i++) await box(page).press('Shift+ArrowLeft');
}

test('formatting buttons wrap the selection, and the emoji button inserts by name', async ({
  page,
}) => {
  await suite.openAll(page, user('owner'));
  await toTopic(page, 'tools');
  await box(page).fill('make this bold');
  await selectLast(page, 4);
  await tools(page).getByRole('button', { name: 'Bold' }).click();
  await expect(box(page)).toHaveValue('make this **bold**');
  // The same button again unwraps what it wrapped.
  await tools(page).getByRole('button', { name: 'Bold' }).click();
  await expect(box(page)).toHaveValue('make this bold');
  await tools(page).getByRole('button', { name: 'Italic' }).click();
  await expect(box(page)).toHaveValue('make this *bold*');

  await box(page).fill('see docs');
  await selectLast(page, 4);
  await tools(page).getByRole('button', { name: 'Link' }).click();
  await expect(box(page)).toHaveValue('see [docs](url)');
  // "url" is selected, so typing replaces it.
  await box(page).pressSequentially('https://example.com');
  await expect(box(page)).toHaveValue('see [docs](https://example.com)');

  await box(page).fill('line one\nline two');
  await box(page).press('Control+A');
  await tools(page).getByRole('button', { name: 'Quote' }).click();
  await expect(box(page)).toHaveValue('```quote\nline one\nline two\n```');

  await box(page).fill('x');
  await box(page).press('Control+A');
  await tools(page).getByRole('button', { name: 'Code' }).click();
  await expect(box(page)).toHaveValue('`x`');
  await tools(page).getByRole('button', { name: 'Math' }).click();
  await expect(box(page)).toHaveValue('`$$x$$`');

  await box(page).fill('hi');
  await tools(page).getByRole('button', { name: 'Mention' }).click();
  await expect(box(page)).toHaveValue('hi @');
  // The "@" opens the people completion, as a typed one does.
  await box(page).pressSequentially('Mel');
  await expect(compose(page).getByRole('option', { name: /Mel Member/ })).toBeVisible();

  await box(page).fill('party');
  await tools(page).getByRole('button', { name: 'Add emoji' }).click();
  const picker = compose(page).getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('tada');
  await picker.getByRole('button', { name: 'tada', exact: true }).click();
  await expect(box(page)).toHaveValue('party :tada:');
  await expect(picker).toBeHidden();
  // The organization's own emoji are offered too.
  await tools(page).getByRole('button', { name: 'Add emoji' }).click();
  await picker.getByRole('textbox', { name: 'Search emoji' }).fill('parrot');
  await picker.getByRole('button', { name: 'party_parrot' }).click();
  await expect(box(page)).toHaveValue('party :tada: :party_parrot:');

  await box(page).press('Control+Enter');
  await expect.poll(() => newest().content).toBe('party :tada: :party_parrot:');
});

/** The computed styles a reader sees of each kind of element in rendered content. */
async function looks(content: Locator) {
  return content.evaluate((root) => {
    const pick = (sel: string) => {
      const el = root.querySelector(sel);
      if (!el) return null;
      const s = getComputedStyle(el);
      return {
        className: el.className,
        background: s.backgroundColor,
        backgroundImage: s.backgroundImage === 'none' ? 'none' : 'image',
        color: s.color,
        font: `${s.fontFamily} ${s.fontWeight} ${s.fontSize}`,
        border: s.borderLeftWidth + ' ' + s.borderLeftStyle,
        width: s.width,
        margin: s.margin,
      };
    };
    return {
      mention: pick('.user-mention'),
      code: pick('code'),
      quote: pick('blockquote'),
      emoji: pick('.emoji'),
      custom: pick('img.emoji'),
      strong: pick('strong'),
      paragraph: pick('p'),
    };
  });
}

test('the preview looks exactly like the message once sent', async ({ page }) => {
  await suite.openAll(page, user('owner'));
  await toTopic(page, 'preview');
  const text =
    '**Hey** @**Mel Member** :tada: :party_parrot: run `npm test`\n\n```quote\nwise words\n```';
  await box(page).fill(text);
  await compose(page).getByRole('button', { name: 'Preview' }).click();
  const preview = compose(page).getByRole('region', { name: 'Preview' }).locator('.msg-content');
  // The Unicode emoji is drawn by its image, not an empty box.
  await expect(preview.locator('.emoji.emoji-image')).toHaveCount(1);
  await expect(preview.locator('blockquote')).toHaveText('wise words');
  const before = await looks(preview);
  for (const [what, style] of Object.entries(before)) expect(style, what).not.toBeNull();
  expect(before.mention!.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(before.code!.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(before.emoji!.backgroundImage).toBe('image');

  await compose(page).getByRole('button', { name: 'Edit' }).click();
  await box(page).press('Control+Enter');
  await expect.poll(() => newest().topic).toBe('preview');
  const row = page.locator(`article[data-message-id="${suite.m.store.maxId}"] .msg-content`);
  await expect(row.locator('blockquote')).toHaveText('wise words');
  await expect(row.locator('.emoji.emoji-image')).toHaveCount(1);
  const after = await looks(row);
  // Widths differ with the column: everything else is the same.
  const without = (l: typeof before) =>
    Object.fromEntries(
      Object.entries(l).map(([k, v]) => [
        k,
        v && { ...v, width: k === 'quote' || k === 'paragraph' ? '' : v.width },
      ]),
    );
  expect(without(before)).toEqual(without(after));
});

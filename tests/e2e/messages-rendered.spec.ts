/**
 * A message as the widely deployed server renders it looks and behaves as a reader expects,
 * light and dark: mentions, quotes, highlighted code, spoilers, math, emoji, local times,
 * tables, long messages and stars, measured with computed styles and geometry.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messageRow as row } from './support/message-data.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { emojiSourceUrl } from '../../src/server/emoji/realm-emoji.ts';
import { renderedMessages } from './support/rendered-html.ts';
import { shot } from './support/shots.ts';

const suite = useMessageSuite();
const TOPIC = 'rendering';
// 10:00 UTC is 15:30 here: a time shown unchanged would read 10:00.
test.use({ timezoneId: 'Asia/Kolkata' });

type Kind = keyof ReturnType<typeof renderedMessages>;

/** Posts one message per fixture as Mel Member, its rendered HTML the upstream server's. */
async function postRendered(): Promise<Record<Kind, number>> {
  const owner = suite.byRole(100);
  const member = suite.byRole(400);
  const groups = [...suite.server.state.userGroups.values()].filter(
    (g) => !g.is_system_group && !g.deactivated,
  );
  const group = groups.find((g) => g.members.has(owner.user_id)) ?? groups[0]!;
  group.members.add(owner.user_id);
  // The reader's clock: 24-hour.
  suite.record(owner).settings['twenty_four_hour_time'] = true;
  // A custom emoji the server has: upstream's HTML names the image of one that exists.
  const parrot = [...suite.server.state.realmEmoji.values()].find(
    (e) => e.name === 'party_parrot',
  )!;
  const html = renderedMessages({
    me: owner.user_id,
    other: member.user_id,
    myGroup: group.id,
    customEmoji: { name: parrot.name, path: emojiSourceUrl(parrot) },
  });
  const ids = {} as Record<Kind, number>;
  for (const [kind, rendered] of Object.entries(html) as [Kind, string][]) {
    const stored = suite.post(member, TOPIC, `(${kind})`);
    stored.rendered = rendered;
    ids[kind] = stored.id;
  }
  const star = await fetch(`${suite.server.url}/api/v1/messages/flags`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ messages: `[${ids.quote}]`, op: 'add', flag: 'starred' }),
  });
  expect(star.ok).toBe(true);
  return ids;
}

const style = (el: Locator, property: string) =>
  el.evaluate((e, p) => getComputedStyle(e).getPropertyValue(p), property);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => (document.documentElement.dataset['theme'] = t), theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`upstream-rendered messages read as expected, ${theme}`, async ({ page }) => {
    const ids = await postRendered();
    const admin = suite.byRole(200);
    suite.record(admin).full_name = 'Ada <b>Admin</b> & Co';
    const me = suite.post(admin, TOPIC, '/me waves');
    await suite.openAt(page, suite.byRole(100), `channel:general topic:${TOPIC}`);
    await page.setViewportSize({ width: 1280, height: 2400 });
    await setTheme(page, theme);
    const content = (kind: Kind) => row(page, ids[kind]).locator('.msg-content');
    await expect(content('long')).toBeVisible();

    // Mentions: the reader's own, their group's and everyone's stand out from others'.
    const mentions = content('mentions');
    const own = mentions.locator(`.user-mention[data-user-id="${suite.byRole(100).user_id}"]`);
    const other = mentions.locator('.user-mention:not(.silent)[data-user-id]').nth(1);
    await expect(own).toHaveClass(/own-mention/);
    const ownBg = await style(own, 'background-color');
    const otherBg = await style(other, 'background-color');
    expect(ownBg).not.toBe(TRANSPARENT);
    expect(otherBg).not.toBe(TRANSPARENT);
    expect(ownBg).not.toBe(otherBg);
    expect(await style(own, 'color')).not.toBe(await style(mentions.locator('p'), 'color'));
    for (const sel of [
      '.user-group-mention',
      '.channel-wildcard-mention',
      '.topic-wildcard-mention',
    ]) {
      await expect(mentions.locator(sel)).toHaveClass(/own-mention/);
      expect(await style(mentions.locator(sel), 'background-color')).toBe(ownBg);
    }

    // A quote has a visible border.
    const quote = content('quote').locator('blockquote');
    expect(parseFloat(await style(quote, 'border-left-width'))).toBeGreaterThanOrEqual(2);
    expect(await style(quote, 'border-left-color')).not.toBe(TRANSPARENT);

    // Code: a background, and at least two syntax colours.
    const code = content('code');
    const codeBg = await style(code.locator('pre'), 'background-color');
    expect(codeBg).not.toBe(TRANSPARENT);
    // Light on light, dark on dark.
    const brightness = (codeBg.match(/\d+/g) ?? []).slice(0, 3).reduce((a, n) => a + Number(n), 0);
    expect(theme === 'dark' ? brightness < 300 : brightness > 550).toBe(true);
    expect(await style(code.locator('p code'), 'background-color')).not.toBe(TRANSPARENT);
    const colours = new Set<string>();
    for (const cls of ['k', 'nf', 's2', 'c1', 'mi', 'o']) {
      colours.add(await style(code.locator(`.codehilite .${cls}`).first(), 'color'));
    }
    expect(colours.size).toBeGreaterThanOrEqual(4);

    // A spoiler opens on click, and closes from the keyboard.
    const spoiler = content('spoiler');
    const header = spoiler.locator('.spoiler-header');
    await expect(spoiler.getByText('The butler did it.')).toBeHidden();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await header.click();
    await expect(spoiler.getByText('The butler did it.')).toBeVisible();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await header.press('Enter');
    await expect(spoiler.getByText('The butler did it.')).toBeHidden();

    // Display math: the superscript sits above the base line.
    const math = content('math').locator('.katex-display');
    await expect(math).toBeVisible();
    const base = await math.locator('.mord.mathnormal', { hasText: 'r' }).boundingBox();
    const sup = await math.locator('.msupsub .mord', { hasText: '2' }).first().boundingBox();
    expect(base && sup && sup.y + sup.height / 2 < base.y + base.height / 2 - 2).toBe(true);

    // Emoji at text height: ours as an image, the custom one shrunk to the line.
    const emoji = content('emoji');
    const unicode = emoji.locator('.emoji-1f642');
    await expect(unicode).toHaveClass(/emoji-image/);
    expect(await style(unicode, 'background-image')).toContain('/emoji/64/');
    const fontSize = parseFloat(await style(emoji.locator('p'), 'font-size'));
    // The custom emoji and the service's :zulip: load their pictures.
    for (const img of await emoji.locator('img.emoji').all())
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
        .toBeGreaterThan(0);
    for (const e of [unicode, ...(await emoji.locator('img.emoji').all())]) {
      const box = (await e.boundingBox())!;
      expect(box.height).toBeGreaterThan(fontSize * 0.9);
      expect(box.height).toBeLessThan(fontSize * 1.8);
    }
    // Its line is one line.
    const line = (await emoji.locator('p').boundingBox())!;
    expect(line.height).toBeLessThan(fontSize * 2.2);

    // A global time in the reader's zone and clock, the server's text on hover.
    const time = content('time').locator('time');
    await expect(time).toContainText('15:30');
    await expect(time).not.toContainText(/AM|PM/);
    await expect(time).toHaveAttribute('title', '2026-01-01T10:00:00+00:00');

    // Tables have borders.
    const cell = content('table').locator('td').first();
    expect(parseFloat(await style(cell, 'border-top-width'))).toBeGreaterThanOrEqual(1);
    expect(await style(cell, 'border-top-style')).toBe('solid');

    // A 10 000-character message is collapsed until the reader asks for the rest.
    const long = row(page, ids.long);
    const collapsedHeight = (await long.boundingBox())!.height;
    expect(collapsedHeight).toBeLessThan(500);
    const more = long.getByRole('button', { name: 'Show more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(long.getByRole('button', { name: 'Show less' })).toBeVisible();
    await expect.poll(async () => (await long.boundingBox())!.height).toBeGreaterThan(600);
    await long.getByRole('button', { name: 'Show less' }).click();
    await expect(more).toBeVisible();

    // A /me message reads on from its sender's name, shown as written, in bold, on one line.
    const meContent = row(page, me.id).locator('.msg-content');
    await expect(meContent).toHaveText('Ada <b>Admin</b> & Co waves');
    expect(await style(meContent.locator('.me-sender'), 'font-weight')).toBe('600');
    const meSize = parseFloat(await style(meContent.locator('p'), 'font-size'));
    expect((await meContent.boundingBox())!.height).toBeLessThan(meSize * 2.2);

    // The starred message shows its star.
    await expect(row(page, ids.quote).getByRole('img', { name: 'Starred' })).toBeVisible();
    await expect(row(page, ids.mentions).getByRole('img', { name: 'Starred' })).toHaveCount(0);

    for (const width of [760, 800, 1280, 1440]) {
      await page.setViewportSize({ width, height: 1500 });
      await page.getByTestId('message-list').evaluate((list) => (list.scrollTop = 0));
      await expect(content('mentions')).toBeInViewport();
      await shot(page, `rendered-${theme}-${width}`);
    }
  });
}

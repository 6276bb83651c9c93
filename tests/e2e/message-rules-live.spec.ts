/**
 * The organization's rules changed after sign-in are followed. An administrator turns message
 * editing off (PATCH /realm); the member's open window, without a reload, refuses the edit in
 * its menu and says why, and offers it again when editing is back.
 */
import { expect, test } from '@playwright/test';
import type { ServerUser } from '../../src/server/index.ts';
import { menuItem } from './support/message-menu.ts';
import { useMessageSuite } from './support/message-suite.ts';
import { shot } from './support/shots.ts';

const suite = useMessageSuite();
const { byRole, post, openAt } = suite;

/** PATCH /realm as `admin`, as the organization settings page of any client would. */
async function setRealm(admin: ServerUser, settings: Record<string, string>): Promise<void> {
  const res = await fetch(`${suite.server.url}/api/v1/realm`, {
    method: 'PATCH',
    headers: {
      Authorization: `Basic ${Buffer.from(`${admin.email}:${admin.api_key}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(settings).toString(),
  });
  expect(((await res.json()) as { result: string }).result).toBe('success');
}

test('editing turned off by an administrator is refused in the open menu with the reason', async ({
  page,
}) => {
  const member = byRole(400);
  const id = post(member, 'rules', 'my words').id;
  await openAt(page, member, 'channel:general topic:rules');
  const edit = await menuItem(page, id, /^Edit message/);
  await expect(edit).toBeEnabled();
  await page.keyboard.press('Escape');

  await setRealm(byRole(200), { allow_message_editing: 'false' });
  await expect
    .poll(async () => {
      const item = await menuItem(page, id, /^Edit message/);
      const text = await item.textContent();
      await page.keyboard.press('Escape');
      return text;
    })
    .toContain('This organization has turned off message editing.');
  const refused = await menuItem(page, id, /^Edit message/);
  await expect(refused).toBeDisabled();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(
      page.getByRole('menu', { name: /^Message actions: / }),
      `menu-editing-off-${scheme}`,
    );
  }
  await page.keyboard.press('Escape');

  await setRealm(byRole(200), { allow_message_editing: 'true' });
  await expect
    .poll(async () => {
      const enabled = await (await menuItem(page, id, /^Edit message/)).isEnabled();
      await page.keyboard.press('Escape');
      return enabled;
    })
    .toBe(true);
});

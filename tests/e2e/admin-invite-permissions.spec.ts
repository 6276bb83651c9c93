/**
 * Who may invite: an owner changes who can send email invitations and who can create reusable
 * links in the admin console, sees the answer beside the control, and the change holds on the
 * server (a member's invitation is refused) and in another window; an administrator sees the
 * values read-only; an older server and a refusal are said in words. Screenshots at 1024 px,
 * light and dark, go to PERCH_SHOTS when it names a folder.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startServer, type ServerOptions, type StartedServer } from '../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { ADMIN, MEMBER, OWNER, openAdminAs, openAdminPanel } from './support/admin.ts';
import { twoClientSuite } from './support/two-clients.ts';
import { shotsFolder as SHOTS } from './support/shots.ts';

const PANEL = 'Who may invite';
const EMAIL = 'Who can send email invitations';
const LINKS = 'Who can create reusable invitation links';

const setting = (page: Page, name: string): Locator => page.getByRole('group', { name });
const picker = (page: Page, name: string): Locator =>
  setting(page, name).getByRole('combobox', { name });
const selected = (page: Page, name: string) =>
  picker(page, name).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

test.describe('with two windows on one organization', () => {
  const suite = twoClientSuite();

  test('an owner limits email invitations to administrators; a member’s invitation is then refused', async ({
    page,
    context,
  }) => {
    const { first: owner, second: member } = await suite.open(
      page,
      context,
      [suite.byRole(OWNER), PANEL],
      [suite.byRole(MEMBER), 'Invitations'],
    );
    const state = suite.server.state;
    await expect.poll(() => selected(owner, EMAIL)).toBe('Members and above');
    const save = setting(owner, EMAIL).getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await picker(owner, EMAIL).selectOption({ label: 'Administrators and owners' });
    await save.click();
    await expect(setting(owner, EMAIL).getByRole('status')).toHaveText('Saved.');
    await expect.poll(() => selected(owner, EMAIL)).toBe('Administrators and owners');
    await expect(save).toBeDisabled();
    // The other setting was neither sent nor answered.
    await expect(setting(owner, LINKS).getByRole('status')).toHaveCount(0);
    expect(state.realm.can_invite_users_group).toBe(state.systemGroup('role:administrators')!.id);

    await member.getByLabel('Email addresses').fill('fresh@perch.test');
    await member.getByRole('button', { name: 'Send invitations' }).click();
    await expect(member.getByRole('alert')).toContainText('Insufficient permission');
    expect(state.invitations.size).toBe(0);
  });

  test('an administrator sees the values read-only, named, and they follow an owner’s change', async ({
    page,
    context,
  }) => {
    const state = suite.server.state;
    const mel = suite.byRole(MEMBER);
    // A custom set of people and groups shows as their names.
    state.realm.create_multiuse_invite_group = {
      direct_members: [mel.user_id],
      direct_subgroups: [state.systemGroup('role:moderators')!.id],
    };
    const { first: owner, second: admin } = await suite.open(
      page,
      context,
      [suite.byRole(OWNER), PANEL],
      [suite.byRole(ADMIN), PANEL],
    );
    await expect(admin.getByTestId('owners-only')).toHaveText(
      'Only organization owners can change who may invite. You can see the current settings here.',
    );
    await expect(admin.getByRole('combobox')).toHaveCount(0);
    await expect(admin.getByRole('button', { name: 'Save' })).toHaveCount(0);
    const emailValue = admin.getByTestId('invite-perm-value-can_invite_users_group');
    const linksValue = admin.getByTestId('invite-perm-value-create_multiuse_invite_group');
    await expect(emailValue).toHaveText('Members and above');
    await expect(linksValue).toHaveText(`${mel.full_name} (${mel.email}), Moderators and above`);
    if (SHOTS) {
      await admin.setViewportSize({ width: 1024, height: 700 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await admin.emulateMedia({ colorScheme });
        await admin.screenshot({ path: `${SHOTS}/perms-read-only-1024-${colorScheme}.png` });
      }
    }
    await expect(owner.getByTestId('owners-only')).toHaveCount(0);
    await expect(owner.getByText(`Now: ${mel.full_name} (${mel.email}), Moderators`)).toBeVisible();
    await expect
      .poll(() => selected(owner, LINKS))
      .toBe(`${mel.full_name} (${mel.email}), Moderators and above (custom)`);

    await picker(owner, LINKS).selectOption({ label: 'Moderators and above' });
    await setting(owner, LINKS).getByRole('button', { name: 'Save' }).click();
    await expect(setting(owner, LINKS).getByRole('status')).toHaveText('Saved.');
    // The administrator's panel follows the realm event, without a reload.
    await expect(linksValue).toHaveText('Moderators and above');
    await expect(emailValue).toHaveText('Members and above');
    // The custom value was only kept while it held: it is no longer offered. (The
    // reference server has no full members group, so none is offered for it.)
    await expect(picker(owner, LINKS).locator('option')).toHaveText([
      'Administrators and owners',
      'Moderators and above',
      'Members and above',
    ]);
  });
});

test.describe('one window', () => {
  let mode: BrowserMode | undefined;
  let server: StartedServer | undefined;
  test.afterEach(async () => {
    await mode?.stop();
    await server?.close();
    mode = server = undefined;
  });

  async function openAs(page: Page, role: number, options: ServerOptions = {}) {
    server = await startServer({ rateLimit: false, ...options });
    mode = await startBrowserMode();
    const user = server.users.find((u) => u.role === role && !u.is_bot)!;
    await openAdminAs(page, mode, { ...user, serverUrl: server.url }, PANEL);
    return server;
  }

  test('a refused change is said in words with the code under Details, and the control goes back', async ({
    page,
  }) => {
    const s = await openAs(page, OWNER);
    await expect.poll(() => selected(page, EMAIL)).toBe('Members and above');
    // Another owner's change the panel has not heard of: the save carries the old value.
    s.state.realm.can_invite_users_group = s.state.systemGroup('role:moderators')!.id;
    await picker(page, EMAIL).selectOption({ label: 'Administrators and owners' });
    await setting(page, EMAIL).getByRole('button', { name: 'Save' }).click();
    const refusal = setting(page, EMAIL).getByRole('alert');
    await expect(refusal.locator('.sentence')).toHaveText(
      'Someone changed this setting after the panel showed it; it now shows their choice. Choose again if you still want to change it.',
    );
    await refusal.getByText('Details').click();
    await expect(refusal.getByTestId('error-details')).toHaveText(
      "BAD_REQUEST · 'old' value allowed by the server is not matching: can_invite_users_group",
    );
    await expect.poll(() => selected(page, EMAIL)).toBe('Moderators and above');
    expect(s.state.realm.can_invite_users_group).toBe(s.state.systemGroup('role:moderators')!.id);
  });

  test('an older server says what it lacks, in releases, and still offers what it has', async ({
    page,
  }) => {
    await openAs(page, OWNER, { featureLevel: 320 });
    await expect(setting(page, EMAIL).getByRole('status')).toContainText(
      'This server is too old for Perch to change who can send email invitations; it needs Zulip 10.0 or later.',
    );
    await expect(picker(page, EMAIL)).toHaveCount(0);
    await expect.poll(() => selected(page, LINKS)).toBe('Administrators and owners');
  });

  test('fits 760 px and 1024 px without sideways scrolling', async ({ page }) => {
    const s = await openAs(page, OWNER);
    const mel = s.users.find((u) => u.role === MEMBER && !u.is_bot)!;
    s.state.realm.create_multiuse_invite_group = {
      direct_members: [mel.user_id],
      direct_subgroups: [s.state.systemGroup('role:moderators')!.id],
    };
    await page.reload();
    await openAdminPanel(page, PANEL);
    await picker(page, EMAIL).selectOption({ label: 'Administrators and owners' });
    await setting(page, EMAIL).getByRole('button', { name: 'Save' }).click();
    await expect(setting(page, EMAIL).getByRole('status')).toHaveText('Saved.');
    for (const width of [760, 1024]) {
      await page.setViewportSize({ width, height: 700 });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways).toBeLessThanOrEqual(0);
      for (const name of [EMAIL, LINKS]) {
        const box = (await setting(page, name).boundingBox())!;
        const control = (await picker(page, name).boundingBox())!;
        const button = (await setting(page, name).getByRole('button').boundingBox())!;
        expect(control.x + control.width).toBeLessThanOrEqual(box.x + box.width + 1);
        expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width + 1);
      }
      if (!SHOTS) continue;
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: `${SHOTS}/perms-${width}-${colorScheme}.png` });
      }
      await page.emulateMedia({ colorScheme: null });
    }
  });
});

/**
 * The organization health view in Chromium against browser mode and the reference server. An
 * owner sees every problem by name and follows a line to the panel that fixes it; an
 * administrator sees it too; a member has no Health panel. Problems the server would never make
 * itself are made by editing its state.
 */
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../../src/api/client.ts';
import { sendInvites } from '../../src/api/routes/invites.ts';
import type { StartedServer } from '../../src/server/index.ts';
import { addChannel } from '../../src/server/state/factory.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode, type Peers } from './support/peers.ts';
import { ADMIN, MEMBER, OWNER, openAdminAs } from './support/admin.ts';

let mode: BrowserMode;
let server: StartedServer;
const bind = (peers: Peers) => {
  ({ server, mode } = peers);
};

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const byName = (name: string) =>
  [...server.state.users.values()].find((u) => u.full_name === name)!;

/** Signs in as that role and opens the console, which opens on its first panel. */
async function openConsole(page: Page, role: number) {
  await openAdminAs(page, mode, { ...byRole(role), serverUrl: server.url });
}

const panels = (page: Page) => page.getByRole('navigation', { name: 'Admin panels' });
const check = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^${title}`) });

/** Every problem the view looks for except a deactivated member still listed in a group. */
async function breakOrganization() {
  const { state } = server;
  server.deactivateUser(byName('Mel Member').user_id);
  byName('Embedded Bot').bot_owner_id = null;
  const owner = byRole(OWNER);
  const api = new ApiClient({ realmUrl: server.url, email: owner.email, apiKey: owner.api_key });
  try {
    await sendInvites(api, {
      invitee_emails: 'soon@perch.test',
      invite_expires_in_minutes: 120,
      stream_ids: [],
    });
  } finally {
    await api.close();
  }
  addChannel(state, { name: 'empty room', date_created: 0 });
  const id = state.nextId('linkifier');
  state.linkifiers.set(id, {
    id,
    pattern: '(?P<word>[a-z]+)-\\1',
    url_template: 'https://example.com/{word}',
    reverse_template: null,
    alternative_url_templates: [],
  });
  state.realm.user_settings_defaults['color_scheme'] = 2;
}

test.describe('a current server', () => {
  useServerAndBrowserMode(bind);

  test('an owner opens the console on Health and sees a clean organization say so', async ({
    page,
  }) => {
    await openConsole(page, OWNER);
    await expect(panels(page).getByRole('button').first()).toHaveText('Health');
    await expect(panels(page).getByRole('button', { name: 'Health' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Nothing in' })).toHaveText(
      `Nothing in ${server.state.realm.name} needs your attention.`,
    );
    await expect(check(page, 'People by role')).toContainText(
      '1 owner · 1 administrator · 1 moderator · 2 members · 1 guest · 4 bots · 1 deactivated',
    );
    await expect(check(page, 'Bots without an active owner')).toContainText(
      'Every active bot has an active owner.',
    );
  });

  test('an owner sees each problem by name and a line takes them to the panel that fixes it', async ({
    page,
  }) => {
    await breakOrganization();
    await openConsole(page, OWNER);
    await expect(page.getByRole('status').filter({ hasText: 'your attention' })).toHaveText(
      `8 things need your attention in ${server.state.realm.name}.`,
    );
    const bots = check(page, 'Bots without an active owner');
    await expect(bots.getByRole('listitem')).toHaveCount(4);
    await expect(bots).toContainText('Generic Bot belongs to Mel Member, who is deactivated.');
    await expect(bots).toContainText('Embedded Bot has no owner.');
    await expect(check(page, 'Invitations expiring within a day')).toContainText(
      /The invitation to soon@perch\.test expires in (1|2) hours?/,
    );
    await expect(check(page, 'Channels with no subscribers')).toContainText(
      '#empty room has no subscribers.',
    );
    await expect(check(page, 'Linkifiers the server would refuse today')).toContainText(
      'The server would refuse the pattern (?P<word>[a-z]+)-\\1 today',
    );
    await expect(check(page, 'Defaults for new users')).toContainText(
      'Color scheme: Dark (built-in: Automatic).',
    );
    await expect(check(page, 'Deactivated users still in groups')).toContainText(
      'No deactivated user is in a group.',
    );

    await check(page, 'Invitations expiring')
      .getByRole('button', { name: 'Open Invitations' })
      .click();
    await expect(panels(page).getByRole('button', { name: 'Invitations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Invitations', level: 2 })).toBeVisible();

    await panels(page).getByRole('button', { name: 'Health' }).click();
    await check(page, 'Linkifiers the server')
      .getByRole('button', { name: 'Open Linkifiers' })
      .click();
    await expect(page.getByRole('heading', { name: 'Linkifiers', level: 2 })).toBeVisible();

    await panels(page).getByRole('button', { name: 'Health' }).click();
    await check(page, 'Channels with no subscribers')
      .getByRole('button', { name: 'Open Channels' })
      .click();
    await expect(page.getByRole('heading', { name: 'Channels', level: 2 })).toBeVisible();
  });

  test('an administrator sees the health view and follows a changed default to its panel', async ({
    page,
  }) => {
    await breakOrganization();
    await openConsole(page, ADMIN);
    await expect(panels(page).getByRole('button').first()).toHaveText('Health');
    const defaults = check(page, 'Defaults for new users');
    await expect(defaults).toContainText('Color scheme: Dark (built-in: Automatic).');
    await defaults.getByRole('button', { name: 'Open Defaults for new users' }).click();
    await expect(
      panels(page).getByRole('button', { name: 'Defaults for new users' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a member has no Health panel', async ({ page }) => {
    await openConsole(page, MEMBER);
    await expect(page.getByText('Signed in as Member')).toBeVisible();
    await expect(panels(page).getByRole('button').first()).toBeVisible();
    await expect(panels(page).getByRole('button', { name: 'Health' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'People by role' })).toHaveCount(0);
  });
});

// Before FL 303 the server still listed a deactivated user's old memberships.
test.describe('a server before FL 303', () => {
  useServerAndBrowserMode(bind, { featureLevel: 302 });

  test('an owner follows a deactivated member still listed in a group to User groups', async ({
    page,
  }) => {
    const max = byName('Max Member');
    max.is_active = false;
    [...server.state.userGroups.values()]
      .find((g) => g.name === 'support')!
      .members.add(max.user_id);
    await openConsole(page, OWNER);
    const groups = check(page, 'Deactivated users still in groups');
    await expect(groups).toContainText(
      'Max Member is deactivated but still in Members and support.',
    );
    await groups.getByRole('button', { name: 'Open User groups' }).click();
    await expect(page.getByRole('heading', { name: 'User groups', level: 2 })).toBeVisible();
  });
});

/**
 * The admin console's people panels (users, user groups, linkifiers, saved snippets,
 * subscriptions) end to end in Chromium against browser mode and the reference server: each
 * success path, each error the spec lists, and what each role sees.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerOptions, type StartedServer } from '../../src/server/index.ts';
import { addSubscription } from '../../src/server/state/factory.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { startRewritingProxy } from './support/rewriting-proxy.ts';
import { ADMIN, MEMBER, MODERATOR, OWNER, openAdminAs } from './support/admin.ts';
import { shot, shotsAcross } from './support/shots.ts';

let mode: BrowserMode;
let server: StartedServer;

async function setUp(options: ServerOptions = {}) {
  server = await startServer(options);
  mode = await startBrowserMode();
}
test.afterEach(async () => {
  await mode?.stop();
  await server?.close();
});

const person = (email: string) => server.users.find((u) => u.email === email)!;
const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;
const record = (userId: number) => server.state.users.get(userId)!;
const channelId = (name: string) => server.state.channelByName(name)!.stream_id;

/** Signs the user of that role in (through `address` if given) and opens the named panel. */
async function openPanel(page: Page, role: number, panel: string, address = server.url) {
  const u = byRole(role);
  await openAdminAs(page, mode, { ...u, serverUrl: address }, panel);
  return u;
}

/** A custom profile field (spec 2.6) of the given type, filled in for one user. */
function addProfileField(name: string, fieldType: number, userId: number, value: string): number {
  const id = server.state.nextId('profile_field');
  server.state.profileFields.set(id, {
    id,
    name,
    hint: '',
    field_type: fieldType,
    field_data: {},
    display_in_profile_summary: false,
    required: false,
    editable_by_user: true,
    use_for_user_matching: false,
    order: id,
  });
  record(userId).profile_data.set(id, value);
  return id;
}

const alert = (page: Page) => page.getByRole('main').getByRole('alert');
const status = (page: Page) => page.getByRole('main').getByRole('status');

/** Unsubscribing others asks first: submit, then confirm in the dialog. */
async function unsubscribeOthers(page: Page) {
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unsubscribe them' }).click();
}

// ── Users (spec 4.4, 4.14) ──

/** The People list's search finds a user id too; the person page then shows the profile. */
async function openPerson(page: Page, query: string, name: string, status = 'Active') {
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: status });
  await page.getByLabel('Search people by name or email').fill(query);
  await page.getByRole('table', { name: 'People' }).getByRole('button', { name }).click();
}

test('users: find someone by id or email in the People list, with profile fields shown as text, never as markup', async ({
  page,
}) => {
  await setUp();
  const member = person('member@perch.test');
  addProfileField('Team', 1, member.user_id, 'Support <img src=x onerror="window.pwned=1">');

  await openPanel(page, ADMIN, 'Users');
  await openPerson(page, String(member.user_id), 'Mel Member');
  const card = page.getByRole('article', { name: 'User Mel Member' });
  await expect(card.getByTestId('user-role')).toHaveText('Member');
  await expect(card.getByTestId('user-status')).toHaveText('Active');
  // Names on the card; the id only on its details line.
  await expect(card.getByTestId('user-id')).toHaveText(`User id ${member.user_id}`);
  const profile = card.getByTestId('user-profile');
  await expect(profile).toContainText('Team');
  await expect(profile).toContainText('Support <img src=x');
  expect(await profile.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

  await page.getByRole('button', { name: '← All people' }).click();
  await openPerson(page, 'former@perch.test', 'Fay Former', 'Deactivated');
  await expect(
    page.getByRole('article', { name: 'User Fay Former' }).getByTestId('user-status'),
  ).toHaveText('Deactivated');
});

/** The reference server behind a hop that gives one user's profile field hostile rendered HTML. */
function hostileProfileProxy(target: string, fieldId: number, html: string) {
  return startRewritingProxy(target, ({ path }, body) => {
    if (!/^\/api\/v1\/users\/\d+/.test(path)) return undefined;
    const user = body.user as
      { profile_data?: Record<string, { value: string; rendered_value?: string }> } | undefined;
    const entry = user?.profile_data?.[String(fieldId)];
    if (entry) entry.rendered_value = html;
    return body;
  });
}

test('users: a rendered profile value is shown as sanitized HTML: markup kept, scripts and handlers gone', async ({
  page,
}) => {
  await setUp();
  const member = person('member@perch.test');
  const fieldId = addProfileField('About', 2, member.user_id, 'hello');
  const proxy = await hostileProfileProxy(
    server.url,
    fieldId,
    '<p><b>Bold</b> bio<img src="x" onerror="window.pwned=1"><script>window.pwned=2</script>' +
      '<a href="javascript:window.pwned=3">link</a></p>',
  );
  try {
    await openPanel(page, ADMIN, 'Users', proxy.url);
    await openPerson(page, String(member.user_id), 'Mel Member');
    const profile = page.getByTestId('user-profile');
    await expect(profile.locator('b').first()).toHaveText('Bold');
    expect(await profile.locator('script, [onerror]').count()).toBe(0);
    expect(await profile.locator('a').getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    await proxy.close();
  }
});

test('users: an id or address nobody has finds no one, and sends nothing', async ({ page }) => {
  await setUp();
  await openPanel(page, MEMBER, 'Users');
  await page.getByLabel('Search people by name or email').fill('987654');
  await expect(page.getByText('No one matches these filters.')).toBeVisible();
  await page.getByLabel('Search people by name or email').fill('nobody@perch.test');
  await expect(page.getByText('No one matches these filters.')).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
});

test('users: an administrator creates a user, and an email already in use gives BAD_REQUEST', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, ADMIN, 'Users');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('new-user-email-rule')).toHaveText('required');
  await expect(page.getByTestId('new-user-password-rule')).toHaveText('required');

  await page.getByLabel('Email', { exact: true }).fill('newbie@perch.test');
  await page.getByLabel('Full name').fill('Nia Newbie');
  await page.getByLabel('Initial password').fill('correct horse');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(status(page)).toContainText('Created newbie@perch.test as user');
  expect(server.state.userByEmail('newbie@perch.test')?.full_name).toBe('Nia Newbie');

  await page.getByLabel('Email', { exact: true }).fill('member@perch.test');
  await page.getByLabel('Full name').fill('Copy Cat');
  await page.getByLabel('Initial password').fill('pw');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(alert(page)).toContainText('already in use');
  await expect(alert(page)).toContainText('BAD_REQUEST');
});

test('users: without can_create_users there is no form; a role lost since sign-in shows UNAUTHORIZED_PRINCIPAL', async ({
  page,
}) => {
  await setUp();
  const admin = byRole(ADMIN);
  record(admin.user_id).can_create_users = false;
  await openPanel(page, ADMIN, 'Users');
  await expect(page.getByTestId('create-user-unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(0);

  // The owner is demoted on the server after signing in: the form still shows, the server refuses.
  await mode.stop();
  mode = await startBrowserMode();
  const owner = await openPanel(page, OWNER, 'Users');
  record(owner.user_id).role = MEMBER;
  await page.getByLabel('Email', { exact: true }).fill('late@perch.test');
  await page.getByLabel('Full name').fill('Too Late');
  await page.getByLabel('Initial password').fill('pw');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(alert(page)).toContainText('UNAUTHORIZED_PRINCIPAL');
  expect(server.state.userByEmail('late@perch.test')).toBeUndefined();
});

// ── User groups (spec 4.15, 4.18) ──

const groupId = (name: string) =>
  [...server.state.userGroups.values()].find((g) => g.name === name)!.id;

test('user groups: a member through a subgroup adds and removes members and subgroups, and checks membership', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, MODERATOR, 'User groups');
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'support' });
  const direct = page.getByRole('list', { name: 'Direct members' });
  await expect(direct).toContainText('Mel Member');

  await page.getByLabel('Member to add').selectOption({ label: 'Max Member (member2@perch.test)' });
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(status(page)).toContainText('Added Max Member');
  await expect(direct).toContainText('Max Member');
  const member2 = person('member2@perch.test');
  expect(server.state.userGroups.get(groupId('support'))!.members.has(member2.user_id)).toBe(true);

  await page.getByRole('button', { name: 'Remove member Mel Member (member@perch.test)' }).click();
  await expect(direct).not.toContainText('Mel Member');

  const check = async (label: string, verdict: string) => {
    await page.getByLabel('User to check').selectOption({ label });
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(status(page).last()).toContainText(verdict);
  };
  await check('Mo Moderator (moderator@perch.test)', 'a member of support through a subgroup');
  await check('Max Member (member2@perch.test)', 'a direct member of support');
  await check('Mel Member (member@perch.test)', 'not a member of support');

  // Removing the subgroup the moderator belongs to also ends their right to manage the group.
  await page.getByRole('button', { name: 'Remove subgroup support-leads' }).click();
  await expect(page.getByText('No subgroups.')).toBeVisible();
  await expect(page.getByTestId('group-readonly')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await check('Mo Moderator (moderator@perch.test)', 'not a member of support');
});

test('user groups: an outsider only checks membership; a subgroup cycle shows the server refusal', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, MEMBER, 'User groups');
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'support-leads' });
  await expect(page.getByTestId('group-readonly')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await page
    .getByLabel('User to check')
    .selectOption({ label: 'Mo Moderator (moderator@perch.test)' });
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(status(page)).toContainText('a direct member of support-leads');

  await mode.stop();
  mode = await startBrowserMode();
  await openPanel(page, ADMIN, 'User groups');
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'support-leads' });
  await page.getByLabel('Subgroup to add').selectOption({ label: 'support' });
  await page.getByRole('button', { name: 'Add subgroup' }).click();
  await expect(alert(page)).toContainText('cycle');
  expect(server.state.userGroups.get(groupId('support-leads'))!.subgroups.size).toBe(0);

  // With the nesting turned around, the same change is accepted.
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'support' });
  await page.getByRole('button', { name: 'Remove subgroup support-leads' }).click();
  await expect(page.getByText('No subgroups.')).toBeVisible();
  await page.getByLabel('Group', { exact: true }).selectOption({ label: 'support-leads' });
  await page.getByLabel('Subgroup to add').selectOption({ label: 'support' });
  await page.getByRole('button', { name: 'Add subgroup' }).click();
  await expect(page.getByRole('list', { name: 'Subgroups' })).toContainText('support');
  expect([...server.state.userGroups.get(groupId('support-leads'))!.subgroups]).toEqual([
    groupId('support'),
  ]);
});

// ── Linkifiers (spec 4.16) ──

test('linkifiers: the live preview expands the template and checks the reverse template; add and delete', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, ADMIN, 'Linkifiers');
  await page.getByLabel('Pattern').fill('#(?P<id>[0-9]+)');
  await page.getByLabel('URL template', { exact: true }).fill('https://tracker.test/issues/{id}');
  await page.getByLabel('Example input').fill('#42');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('linkifier-matches')).toContainText(
    '#42 → https://tracker.test/issues/42',
  );
  await page.getByLabel('Reverse template').fill('issue {id}');
  await expect(page.getByTestId('linkifier-reverse-rule')).toContainText(
    'regenerates "issue 42", not the example input',
  );
  await page.getByLabel('Reverse template').fill('#{id}');
  await expect(preview.getByTestId('linkifier-regenerated')).toContainText('matches the example');

  await page.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(status(page)).toContainText('Added the linkifier for #(?P<id>[0-9]+)');
  const table = page.getByRole('table', { name: 'Linkifiers' });
  await expect(table).toContainText('https://tracker.test/issues/{id}');
  expect([...server.state.linkifiers.values()].map((l) => l.reverse_template)).toEqual(['#{id}']);

  await page.getByRole('button', { name: 'Delete linkifier #(?P<id>[0-9]+)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete linkifier' }).click();
  await expect(page.getByText('No linkifiers yet.')).toBeVisible();
  expect(server.state.linkifiers.size).toBe(0);
});

test('linkifiers: Add clicked before the pattern checker has loaded still adds it', async ({
  page,
}) => {
  await setUp();
  // The checker (the server's RE2 engine) is a module of its own, loaded with the form:
  // held back here as on a slow machine, until after the click.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/linkifier-preview-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await openPanel(page, OWNER, 'Linkifiers');
  await page.getByLabel('Pattern').fill('Q-(?P<id>[0-9]+)');
  await page.getByLabel('URL template', { exact: true }).fill('https://q.test/{id}');
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  release();
  await expect(status(page)).toContainText('Added the linkifier for Q-(?P<id>[0-9]+)');
  await shotsAcross(page, 'linkifier-added-after-checker-loaded');
  expect([...server.state.linkifiers.values()].map((l) => l.pattern)).toEqual(['Q-(?P<id>[0-9]+)']);
});

test('linkifiers: an invalid linkifier is stopped before sending; one the server refuses shows its answer', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, OWNER, 'Linkifiers');
  await page.getByLabel('Pattern').fill('(unclosed');
  await page.getByLabel('URL template', { exact: true }).fill('https://t.test/{id}');
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(page.getByTestId('linkifier-pattern-rule')).toContainText(
    'not a valid regular expression',
  );
  // The preview runs the server's engine (RE2), so it refuses what the server would.
  await page.getByLabel('Pattern').fill('#(?P<id>[0-9])\\1');
  await expect(page.getByTestId('linkifier-pattern-rule')).toContainText(
    'backreferences are not supported',
  );
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(
    'Fix the pattern to see the links it would make.',
  );
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  expect(server.state.linkifiers.size).toBe(0);

  await page.getByLabel('Pattern').fill('T(?P<id>\\d+)');
  await page.getByLabel('URL template', { exact: true }).fill('https://t.test/{id}');
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(status(page)).toContainText('Added the linkifier');
  // The same pattern twice passes every local rule; the server refuses it.
  await page.getByLabel('Pattern').fill('T(?P<id>\\d+)');
  await page.getByLabel('URL template', { exact: true }).fill('https://other.test/{id}');
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(alert(page)).toContainText('already exists');
  await expect(alert(page)).toContainText('BAD_REQUEST');
  expect(server.state.linkifiers.size).toBe(1);
});

// ── Saved snippets (spec 4.17) ──

test('saved snippets: create, list and delete; empty fields are named before sending and the server refusal shown', async ({
  page,
}) => {
  await setUp();
  const member = await openPanel(page, MEMBER, 'Saved snippets');
  await page.getByRole('button', { name: 'Save snippet' }).click();
  await expect(page.getByTestId('snippet-title-rule')).toHaveText('required, must not be empty');
  await expect(page.getByTestId('snippet-content-rule')).toHaveText('required, must not be empty');
  expect(server.state.savedSnippets.size).toBe(0);

  await page.getByLabel('Title').fill('Greeting');
  await page.getByLabel('Content').fill('Hello **team**!');
  await page.getByRole('button', { name: 'Save snippet' }).click();
  const list = page.getByRole('list', { name: 'Saved snippets' });
  await expect(list).toContainText('Greeting');
  await expect(list).toContainText('Hello **team**!');
  expect([...server.state.savedSnippets.values()][0]?.user_id).toBe(member.user_id);

  // Non-empty, so it passes the spec's rule here; the server finds only blanks and refuses.
  await page.getByLabel('Title').fill('Blank');
  await page.getByLabel('Content').fill('   ');
  await page.getByRole('button', { name: 'Save snippet' }).click();
  await expect(alert(page)).toContainText('BAD_REQUEST');
  await expect(list).not.toContainText('Blank');

  await page.getByRole('button', { name: 'Delete snippet Greeting' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete snippet' }).click();
  await expect(page.getByText('No saved snippets yet.')).toBeVisible();
  expect(server.state.savedSnippets.size).toBe(0);
});

test('saved snippets: a server before FL 297 is said to have none instead of a failed load', async ({
  page,
}) => {
  await setUp({ featureLevel: 296 });
  await openPanel(page, MEMBER, 'Saved snippets');
  // In the release people install; the feature levels only under Details.
  const tooOld = page.getByRole('status').filter({ hasText: 'This server is too old' });
  await expect(tooOld).toContainText(
    'This server is too old for saved snippets; it needs Zulip 10.0 or later.',
  );
  await expect(tooOld.getByText('Needs API feature level 297; this server has 296.')).toBeHidden();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(page, `snippets-too-old-${scheme}`);
  }
  await tooOld.getByText('Details').click();
  await expect(tooOld.getByText('Needs API feature level 297; this server has 296.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save snippet' })).toBeDisabled();
  await expect(alert(page)).toHaveCount(0);
});

// ── Unsubscribing people (spec 4.9); one's own channels are tested in channels.spec.ts ──

test('subscriptions: unsubscribing oneself shows removed and not_removed; an unknown channel gives STREAM_DOES_NOT_EXIST', async ({
  page,
}) => {
  await setUp();
  const moderator = await openPanel(page, MODERATOR, 'Remove subscribers');
  await expect(page.getByTestId('unsubscribe-self-only')).toBeVisible();
  await page.getByLabel('Channels', { exact: true }).fill('no-such-channel');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(alert(page)).toContainText('STREAM_DOES_NOT_EXIST');
  await expect(alert(page)).toContainText('stream');
  await expect(alert(page)).toContainText('no-such-channel');

  await page.getByLabel('Channels', { exact: true }).fill('#general, development');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-removed')).toHaveText('Removed: general');
  await expect(page.getByTestId('unsubscribe-not-removed')).toContainText('development');
  expect(server.state.subscription(moderator.user_id, channelId('general'))).toBeFalsy();
});

test('subscriptions: an administrator unsubscribes others; a deactivated or unknown principal gives BAD_REQUEST', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, ADMIN, 'Remove subscribers');
  const member = person('member@perch.test');
  await page.getByLabel('Channels', { exact: true }).fill('development');
  await page.getByLabel('Other users').check();
  await page.getByLabel('Users', { exact: true }).fill(`${member.user_id}`);
  await unsubscribeOthers(page);
  await expect(page.getByTestId('unsubscribe-removed')).toHaveText('Removed: development');
  expect(server.state.subscription(member.user_id, channelId('development'))).toBeFalsy();

  await page.getByLabel('Users', { exact: true }).fill('former@perch.test');
  await unsubscribeOthers(page);
  await expect(alert(page)).toContainText('BAD_REQUEST');
  await expect(alert(page)).toContainText('former@perch.test');

  await page.getByLabel('Users', { exact: true }).fill('987654');
  await unsubscribeOthers(page);
  await expect(alert(page)).toContainText('BAD_REQUEST');
  await expect(alert(page)).toContainText('987654');

  // Already gone from development: the server reports it as not removed.
  await page.getByLabel('Users', { exact: true }).fill(`${member.user_id}`);
  await unsubscribeOthers(page);
  await expect(page.getByTestId('unsubscribe-not-removed')).toContainText('development');
});

test('subscriptions: before FL 208 an invalid principal (then UNAUTHORIZED_PRINCIPAL) is shown as BAD_REQUEST; a demoted administrator is refused', async ({
  page,
}) => {
  await setUp({ featureLevel: 200 });
  const admin = await openPanel(page, ADMIN, 'Remove subscribers');
  await page.getByLabel('Channels', { exact: true }).fill('general');
  await page.getByLabel('Other users').check();
  await page.getByLabel('Users', { exact: true }).fill('former@perch.test');
  await unsubscribeOthers(page);
  await expect(alert(page)).toContainText('BAD_REQUEST');

  // Demoted on the server since signing in, and so out of the channel's removers group too.
  record(admin.user_id).role = MEMBER;
  const removers = server.state.channelByName('general')!.can_remove_subscribers_group;
  server.state.userGroups.get(removers)!.members.delete(admin.user_id);
  const member2 = person('member2@perch.test');
  await page.getByLabel('Users', { exact: true }).fill(member2.email);
  await unsubscribeOthers(page);
  await expect(alert(page)).toContainText('Insufficient permission');
  expect(server.state.subscription(member2.user_id, channelId('general'))).toBeTruthy();
});

// ── What each role sees ──

const ROLES = [
  { role: MEMBER, name: 'member', admin: false, managesLeads: false },
  { role: MODERATOR, name: 'moderator', admin: false, managesLeads: true },
  { role: ADMIN, name: 'administrator', admin: true, managesLeads: true },
  { role: OWNER, name: 'owner', admin: true, managesLeads: true },
];

for (const r of ROLES) {
  test(`roles: the ${r.name} sees exactly the people actions the role allows`, async ({ page }) => {
    await setUp();
    await openPanel(page, r.role, 'Users');
    const panels = page.getByRole('navigation', { name: 'Admin panels' });
    for (const name of ['Users', 'User groups', 'Linkifiers', 'Remove subscribers']) {
      await expect(panels.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Search people by name or email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create user' })).toHaveCount(r.admin ? 1 : 0);

    await panels.getByRole('button', { name: 'User groups', exact: true }).click();
    // support-leads has one member, the moderator; administrators manage every group.
    await page.getByLabel('Group', { exact: true }).selectOption({ label: 'support-leads' });
    await expect(page.getByLabel('User to check')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(
      r.managesLeads ? 1 : 0,
    );

    await panels.getByRole('button', { name: 'Linkifiers', exact: true }).click();
    await expect(page.getByText('No linkifiers yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add linkifier' })).toHaveCount(r.admin ? 1 : 0);

    // Saved snippets are one's own: they live under Settings, not among the admin panels.
    await expect(panels.getByRole('button', { name: 'Saved snippets', exact: true })).toHaveCount(
      0,
    );

    await panels.getByRole('button', { name: 'Remove subscribers', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
    await expect(page.getByLabel('Other users')).toHaveCount(r.admin ? 1 : 0);
  });
}

test('roles: a member who owns a bot may unsubscribe that bot, and no one else', async ({
  page,
}) => {
  await setUp();
  await openPanel(page, MEMBER, 'Remove subscribers');
  const bot = person('generic-bot@perch.test');
  addSubscription(server.state, bot.user_id, channelId('general'));
  await page.getByLabel('Bots I own').check();
  await expect(page.getByLabel('Users', { exact: true })).toHaveCount(0);
  await page.getByLabel('Generic Bot').check();
  await page.getByLabel('Channels', { exact: true }).fill('general');
  await unsubscribeOthers(page);
  await expect(page.getByTestId('unsubscribe-removed')).toHaveText('Removed: general');
  expect(server.state.subscription(bot.user_id, channelId('general'))).toBeFalsy();
});

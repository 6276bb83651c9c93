/**
 * The admin console's shell and its organization panels, end to end in Chromium against browser
 * mode and the reference server, for each role and each error the spec lists for a panel.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, type StartedServer, type ServerOptions } from '../../src/server/index.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { ADMIN, GUEST, MEMBER, MODERATOR, OWNER, openAdminAs } from './support/admin.ts';
import { startRewritingProxy } from './support/rewriting-proxy.ts';

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

const byRole = (role: number) => server.users.find((u) => u.role === role && !u.is_bot)!;

/** Signs the user of that role in, opens the admin console and, if named, a panel. */
async function openAdmin(page: Page, role: number, panel?: string) {
  const u = byRole(role);
  await openAdminAs(page, mode, { ...u, serverUrl: server.url }, panel);
  return u;
}

const panels = (page: Page) => page.getByRole('navigation', { name: 'Admin panels' });

const alert = (page: Page) => page.getByRole('alert');
const status = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });

test.describe('what each role sees', () => {
  const everyone = ['Invitations', 'Push devices', 'Video call'];
  const admins = [
    ...everyone,
    'Defaults for new users',
    'Channel folders',
    'Custom profile fields',
  ];
  const cases: [string, number, string[]][] = [
    ['a guest', GUEST, ['Push devices', 'Video call']],
    ['a member', MEMBER, everyone],
    ['a moderator', MODERATOR, everyone],
    ['an administrator', ADMIN, admins],
    ['an owner', OWNER, [...admins, 'Deactivate organization']],
  ];
  for (const [who, role, mine] of cases) {
    test(`${who} sees exactly their panels and invites only to their role or below`, async ({
      page,
    }) => {
      await setUp();
      await openAdmin(page, role);
      const all = [...admins, 'Deactivate organization'];
      for (const name of all) {
        const button = panels(page).getByRole('button', { name, exact: true });
        if (mine.includes(name)) await expect(button).toBeVisible();
        else await expect(button).toHaveCount(0);
      }
      if (role === GUEST) return;
      await panels(page).getByRole('button', { name: 'Invitations' }).click();
      const roles = await page.getByLabel('Invite as').locator('option').allTextContents();
      const expected = ['Owner', 'Administrator', 'Moderator', 'Member', 'Guest'].slice(
        [OWNER, ADMIN, MODERATOR, MEMBER].indexOf(role),
      );
      expect(roles).toEqual(expected);
      // Spec 4.7: only administrators may write a welcome message.
      await expect(page.getByRole('group', { name: 'Welcome message' })).toHaveCount(
        role <= ADMIN ? 1 : 0,
      );
    });
  }

  test('with two accounts signed in, the picker switches organization and role', async ({
    page,
  }) => {
    await setUp();
    const other = await startServer({});
    try {
      const m = other.users.find((u) => u.role === MEMBER && !u.is_bot)!;
      await mode.core.invoke('accounts.signInWithKey', {
        serverUrl: other.url,
        email: m.email,
        apiKey: m.api_key,
      });
      await openAdmin(page, OWNER);
      const picker = page.getByRole('radiogroup', { name: 'Account to manage' });
      await expect(picker.getByRole('radio')).toHaveCount(2);
      await picker.getByRole('radio', { name: `Perch Demo at ${other.url} as ${m.email}` }).check();
      await expect(page.getByText('Signed in as Member')).toBeVisible();
      await expect(panels(page).getByRole('button', { name: 'Channel folders' })).toHaveCount(0);
      await picker
        .getByRole('radio', { name: `Perch Demo at ${server.url} as ${byRole(OWNER).email}` })
        .check();
      await expect(page.getByText('Signed in as Owner')).toBeVisible();
      await expect(
        panels(page).getByRole('button', { name: 'Deactivate organization' }),
      ).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test.describe('defaults for new users', () => {
  test('shows the current defaults by meaning, previews only the changes, and applies them', async ({
    page,
  }) => {
    await setUp();
    server.state.realm.user_settings_defaults['color_scheme'] = 2;
    await openAdmin(page, ADMIN, 'Defaults for new users');
    await expect(page.getByText('Existing users keep their own settings')).toBeVisible();
    for (const g of ['Display', 'Notifications', 'Privacy'])
      await expect(page.getByRole('group', { name: g })).toBeVisible();
    const scheme = page.getByLabel('Color scheme');
    await expect(scheme.locator('option:checked')).toHaveText('Dark');
    await scheme.selectOption({ label: 'Light' });
    await page.getByLabel('Enter sends the message').click();
    await page.getByRole('button', { name: 'Preview changes' }).click();
    const preview = page.getByRole('region', { name: 'Preview of the change' });
    await expect(preview.getByRole('row')).toHaveCount(3);
    await expect(preview.getByRole('row', { name: /Color scheme/ })).toContainText('DarkLight');
    await expect(preview).toContainText('Enter sends the message');
    // Another administrator changes a setting meanwhile: sending only the changed fields
    // leaves their change alone.
    const elsewhere = !server.state.realm.user_settings_defaults['left_side_userlist'];
    server.state.realm.user_settings_defaults['left_side_userlist'] = elsewhere;
    await preview.getByRole('button', { name: 'Apply changes' }).click();
    await expect(status(page, 'Saved 2 changes')).toBeVisible();
    expect(server.state.realm.user_settings_defaults['left_side_userlist']).toBe(elsewhere);
    expect(server.state.realm.user_settings_defaults['color_scheme']).toBe(3);
    expect(server.state.realm.user_settings_defaults['enter_sends']).toBe(true);
    await expect(page.getByLabel('Color scheme').locator('option:checked')).toHaveText('Light');
  });

  test('shows the parameters the server says it ignored', async ({ page }) => {
    await setUp();
    // A server that does not know one of the settings answers success and names it.
    const proxy = await startRewritingProxy(server.url, ({ method, path }, body) =>
      method === 'PATCH' && path.startsWith('/api/v1/realm/user_settings_defaults')
        ? { ...body, ignored_parameters_unsupported: ['enter_sends'] }
        : undefined,
    );
    try {
      const admin = byRole(ADMIN);
      await openAdminAs(page, mode, { ...admin, serverUrl: proxy.url }, 'Defaults for new users');
      await page.getByLabel('Enter sends the message').click();
      await page.getByRole('button', { name: 'Preview changes' }).click();
      await page
        .getByRole('region', { name: 'Preview of the change' })
        .getByRole('button', { name: 'Apply changes' })
        .click();
      await expect(
        page.getByText('The server ignored parameters it does not support: enter_sends'),
      ).toBeVisible();
    } finally {
      await proxy.close();
    }
  });

  test('hides parameters the server’s feature level lacks', async ({ page }) => {
    await setUp({ featureLevel: 300 });
    server.state.realm.user_settings_defaults['web_home_view'] = 'inbox';
    await openAdmin(page, ADMIN, 'Defaults for new users');
    await expect(page.getByLabel('Show when others are typing')).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Home view/ })).toBeVisible();
    await expect(
      page.getByLabel('Offer to update the time zone when the device differs'),
    ).toHaveCount(0);
    // Before FL 454 the recent view is called `recent_topics` on the wire.
    await page.getByRole('combobox', { name: /^Home view/ }).selectOption({
      label: 'Recent conversations',
    });
    await page.getByRole('button', { name: 'Preview changes' }).click();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(status(page, 'Saved 1 change')).toBeVisible();
    expect(server.state.realm.user_settings_defaults['web_home_view']).toBe('recent');
  });

  test('exports the defaults to a file and imports one back, refusing an invalid file', async ({
    page,
  }, info) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Defaults for new users');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export defaults' }).click(),
    ]);
    const saved = info.outputPath('defaults.json');
    await download.saveAs(saved);
    const exported = JSON.parse(await (await import('node:fs/promises')).readFile(saved, 'utf8'));
    expect(exported.color_scheme).toBe(server.state.realm.user_settings_defaults['color_scheme']);

    const file = page.getByLabel('Import defaults from a file');
    await file.setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ colour_scheme: 2, user_list_style: 9 })),
    });
    await expect(alert(page)).toContainText('Unknown settings: colour_scheme');
    await expect(page.getByText('0 changed')).toBeVisible();

    await file.setInputFiles({
      name: 'good.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, user_list_style: 3 })),
    });
    await expect(status(page, 'Loaded good.json')).toBeVisible();
    await page.getByRole('button', { name: 'Preview changes' }).click();
    const preview = page.getByRole('region', { name: 'Preview of the change' });
    await expect(preview.getByRole('row')).toHaveCount(2);
    await expect(preview).toContainText('With avatar and status');
    await preview.getByRole('button', { name: 'Apply changes' }).click();
    await expect(status(page, 'Saved 1 change')).toBeVisible();
    expect(server.state.realm.user_settings_defaults['user_list_style']).toBe(3);
  });

  test('a value the server refuses is shown with the server’s words', async ({ page }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Defaults for new users');
    await page.getByLabel('Font size (pixels)').fill('99');
    await page.getByRole('button', { name: 'Preview changes' }).click();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(alert(page)).toContainText('BAD_REQUEST');
    await expect(alert(page)).toContainText('web_font_size_px');
  });

  test('a caller who is no longer an administrator gets UNAUTHORIZED_PRINCIPAL', async ({
    page,
  }) => {
    await setUp();
    const admin = await openAdmin(page, ADMIN, 'Defaults for new users');
    await page.getByLabel('Enter sends the message').click();
    server.state.users.get(admin.user_id)!.role = MEMBER;
    await page.getByRole('button', { name: 'Preview changes' }).click();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(alert(page)).toContainText('UNAUTHORIZED_PRINCIPAL');
  });

  test('a rule broken before sending is named next to the field', async ({ page }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Defaults for new users');
    await page.getByLabel('Font size (pixels)').fill('0');
    await expect(alert(page)).toContainText('>=1');
    await expect(page.getByRole('button', { name: 'Preview changes' })).toBeDisabled();
  });
});

test.describe('invitations', () => {
  test('addresses become chips, and an invitation with every option is sent', async ({ page }) => {
    await setUp();
    const admin = await openAdmin(page, ADMIN, 'Invitations');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(alert(page)).toContainText('Enter at least one email address.');
    await page.getByLabel('Email addresses').fill('new1@perch.test,\nnew2@perch.test, oops');
    const chips = page.getByRole('list', { name: 'Addresses to invite' }).getByRole('listitem');
    await expect(chips).toHaveText([
      'new1@perch.test',
      'new2@perch.test',
      'oops — not an email address, will be skipped',
    ]);
    await page.getByLabel('Email addresses').fill('oops');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(alert(page)).toContainText('Not an email address: oops');
    expect(server.state.invitations.size).toBe(0);

    await page.getByLabel('Email addresses').fill('new1@perch.test\nnew2@perch.test');
    await page.getByLabel('Invite as').selectOption({ label: 'Moderator' });
    await page.getByLabel('#development').check();
    await page.getByLabel('support-leads').check();
    await page.getByLabel('Also subscribe to the organization').check();
    await page.getByLabel('After a custom number of minutes').check();
    await page.getByLabel('Minutes', { exact: true }).fill('90');
    await page.getByLabel('Send me a direct message when they join').uncheck();
    await page.getByLabel('A custom message').check();
    const welcome = page.getByLabel('Custom welcome message');
    await welcome.fill('Welcome aboard 😀');
    await expect(page.getByText('16 / 8000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(status(page, 'Invitation sent to new1@perch.test, new2@perch.test')).toBeVisible();

    const sent = [...server.state.invitations.values()];
    expect(sent.map((i) => i.email)).toEqual(['new1@perch.test', 'new2@perch.test']);
    const dev = [...server.state.channels.values()].find((c) => c.name === 'development')!;
    for (const i of sent) {
      expect(i).toMatchObject({
        invited_by: admin.user_id,
        invite_as: MODERATOR,
        stream_ids: [dev.stream_id],
        notify_referrer_on_join: false,
        welcome_message_custom_text: 'Welcome aboard 😀',
      });
      expect(i.group_ids).toHaveLength(1);
      expect(i.expiry! - Math.floor(Date.now() / 1000)).toBeGreaterThan(89 * 60);
      expect(i.expiry! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(90 * 60);
    }
  });

  test('the welcome message counts code points against 8000', async ({ page }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Invitations');
    await page.getByLabel('A custom message').check();
    await page.getByLabel('Custom welcome message').fill('x'.repeat(8001));
    await expect(alert(page)).toContainText('8001 / 8000 characters');
    await page.getByLabel('Email addresses').fill('someone@perch.test');
    await page.getByRole('button', { name: 'Send invitations' }).click();
    expect(server.state.invitations.size).toBe(0);
  });

  test('INVITATION_FAILED names each address that failed and says the others were sent', async ({
    page,
  }) => {
    await setUp();
    await openAdmin(page, MEMBER, 'Invitations');
    await page
      .getByLabel('Email addresses')
      .fill(`${byRole(MODERATOR).email}, fresh@perch.test, former@perch.test`);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    // A partial success reads as one (admin-invitations.spec.ts tests the table in full).
    const results = page.getByRole('status', { name: 'Invitation results' });
    await expect(results).toContainText('Sent to 1 address; not sent to 2:');
    await expect(results.getByRole('row', { name: byRole(MODERATOR).email })).toContainText(
      'already has an account',
    );
    await expect(results.getByRole('row', { name: 'former@perch.test' })).toContainText(
      'deactivated',
    );
    expect([...server.state.invitations.values()].map((i) => i.email)).toEqual([
      'fresh@perch.test',
    ]);
  });

  const invite = async (page: Page) => {
    await page.getByLabel('Email addresses').fill('fresh@perch.test');
    await page.getByRole('button', { name: 'Send invitations' }).click();
  };

  test('without permission to invite, the server’s refusal is shown', async ({ page }) => {
    await setUp();
    await openAdmin(page, MEMBER, 'Invitations');
    server.state.realm.can_invite_users_group = server.state.systemGroup('role:administrators')!.id;
    await invite(page);
    await expect(alert(page).locator('.sentence')).toHaveText(
      'The server did not accept this: “Insufficient permission”. Check the values and try again.',
    );
    await expect(alert(page).getByTestId('error-details')).toHaveText(
      'BAD_REQUEST · Insufficient permission',
    );
    expect(server.state.invitations.size).toBe(0);
  });

  test('a channel that no longer exists stops every invitation', async ({ page }) => {
    await setUp();
    await openAdmin(page, MEMBER, 'Invitations');
    await page.getByLabel('#development').check();
    const dev = [...server.state.channels.values()].find((c) => c.name === 'development')!;
    server.state.channels.delete(dev.stream_id);
    await invite(page);
    await expect(alert(page)).toContainText(
      `Invalid channel ID ${dev.stream_id}. No invites were sent.`,
    );
    expect(server.state.invitations.size).toBe(0);
  });

  test('channels while the caller may not subscribe others are refused by the server', async ({
    page,
  }) => {
    await setUp();
    await openAdmin(page, MEMBER, 'Invitations');
    await page.getByLabel('#general').check();
    server.state.realm.can_add_subscribers_group =
      server.state.systemGroup('role:administrators')!.id;
    await invite(page);
    await expect(alert(page)).toContainText('permission to subscribe other users');
  });
});

test.describe('push devices', () => {
  test('a test notification goes to all devices or to one', async ({ page }) => {
    await setUp();
    const owner = byRole(OWNER);
    const device = server.addPushDevice(owner.user_id);
    await openAdmin(page, OWNER, 'Push devices');
    await page.getByRole('button', { name: 'Send test notification' }).click();
    await expect(status(page, 'sent to all your registered devices')).toBeVisible();
    await page.getByLabel('One device').check();
    await page.getByLabel('Device id').fill(String(device));
    await page.getByRole('button', { name: 'Send test notification' }).click();
    await expect(status(page, `sent to device ${device}`)).toBeVisible();
  });

  const cases: [string, RegExp][] = [
    ['NO_ACTIVE_PUSH_DEVICE', /no registered device.*Sign in with the mobile app/],
    ['ADMIN_ACTION_REQUIRED', /not set up to send push.*Ask the server's administrator/],
    [
      'FAILED_TO_CONNECT_BOUNCER',
      /could not reach the push notification service.*try again in a few minutes/,
    ],
    ['INTERNAL_SERVER_ERROR_ON_BOUNCER', /internal error.*try again later/],
  ];
  for (const [code, explained] of cases) {
    test(`${code} is explained with what to do`, async ({ page }) => {
      await setUp();
      server.setPushOutcome(code as Parameters<StartedServer['setPushOutcome']>[0]);
      if (code !== 'NO_ACTIVE_PUSH_DEVICE') server.addPushDevice(byRole(MEMBER).user_id);
      await openAdmin(page, MEMBER, 'Push devices');
      await page.getByRole('button', { name: 'Send test notification' }).click();
      await expect(alert(page)).toContainText(code);
      await expect(alert(page)).toContainText(explained);
    });
  }

  test('the deprecated device-token registration works and shows the server’s refusal', async ({
    page,
  }) => {
    await setUp();
    const member = await openAdmin(page, MEMBER, 'Push devices');
    await expect(page.getByRole('region', { name: /Legacy device token/ })).toContainText(
      'Deprecated',
    );
    await page.getByRole('textbox', { name: 'Device token', exact: true }).fill('abc');
    await page.getByLabel('App id').fill('perch.test');
    await page.getByRole('button', { name: 'Register legacy token' }).click();
    await expect(alert(page)).toContainText('BAD_REQUEST');
    await page.getByRole('textbox', { name: 'Device token', exact: true }).fill('ab'.repeat(32));
    await page.getByRole('button', { name: 'Register legacy token' }).click();
    await expect(status(page, 'Device token registered.')).toBeVisible();
    const devices = server.state.users.get(member.user_id)!.push_devices;
    expect(devices.some((d) => d.kind === 'ios_legacy' && d.token === 'ab'.repeat(32))).toBe(true);
  });
});

test.describe('video call', () => {
  test('one click creates a call, with copy and open', async ({ page, context }) => {
    await setUp();
    server.setVideoProvider('https://video.perch.test');
    const m = byRole(MEMBER);
    server.setVideoProviderToken(m.user_id, true);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openAdmin(page, MEMBER, 'Video call');
    await page.getByRole('button', { name: 'Create video call' }).click();
    const link = page.getByLabel('Call link');
    await expect(link).toHaveValue(/^https:\/\/video\.perch\.test\/call\/[0-9a-f]+$/);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await expect(page.getByRole('link', { name: 'Open call' })).toHaveAttribute(
      'href',
      await link.inputValue(),
    );
  });

  test('says the user has no token for the provider', async ({ page }) => {
    await setUp();
    server.setVideoProvider('https://video.perch.test');
    await openAdmin(page, MEMBER, 'Video call');
    await expect(status(page, 'You have not connected your account')).toBeVisible();
    await page.getByRole('button', { name: 'Create video call' }).click();
    await expect(alert(page)).toContainText('You have no token for the video call provider.');
  });

  test('says the server has no provider configured', async ({ page }) => {
    await setUp();
    server.setVideoProviderToken(byRole(MEMBER).user_id, true);
    await openAdmin(page, MEMBER, 'Video call');
    await page.getByRole('button', { name: 'Create video call' }).click();
    await expect(alert(page)).toContainText('no video call provider configured');
    await expect(alert(page).getByTestId('error-details')).toContainText(
      'BAD_REQUEST · The video call provider is not configured',
    );
  });
});

test.describe('channel folders', () => {
  const folder = (page: Page, name: string) =>
    page.getByRole('listitem', { name: `Folder ${name}` });

  test('lists, creates, renames, describes, archives and unarchives folders', async ({ page }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Channel folders');
    await expect(folder(page, 'Engineering')).toContainText('Channels of the engineering team');

    await page.getByLabel('Name', { exact: true }).fill('Support');
    await page.getByLabel('Description', { exact: true }).fill('Where customers are helped');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(status(page, 'Folder “Support” created.')).toBeVisible();
    await expect(folder(page, 'Support')).toContainText('Where customers are helped');

    await page.getByRole('button', { name: 'Edit Support' }).click();
    await page.getByLabel('Folder name').fill('Customer support');
    await page.getByLabel('Folder description').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(folder(page, 'Customer support')).toContainText('No description');

    await page.getByRole('button', { name: 'Archive Customer support', exact: true }).click();
    await expect(folder(page, 'Customer support')).toContainText('(archived)');
    const saved = [...server.state.channelFolders.values()].find(
      (f) => f.name === 'Customer support',
    )!;
    expect(saved).toMatchObject({ description: '', is_archived: true });
    await page.getByRole('button', { name: 'Unarchive Customer support' }).click();
    await expect(
      page.getByRole('button', { name: 'Archive Customer support', exact: true }),
    ).toBeVisible();
    expect(saved.is_archived).toBe(false);
  });

  test('enforces the length limits the server publishes before sending', async ({ page }) => {
    await setUp();
    server.state.realm.max_channel_folder_name_length = 8;
    server.state.realm.max_channel_folder_description_length = 10;
    await openAdmin(page, ADMIN, 'Channel folders');
    await expect(page.getByText('Required; at most 8 characters.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Ninechars');
    await page.getByLabel('Description', { exact: true }).fill('eleven char');
    await expect(alert(page).filter({ hasText: 'At most 10 characters.' })).toBeVisible();
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(alert(page).filter({ hasText: 'At most 8 characters.' })).toBeVisible();
    expect(server.state.channelFolders.size).toBe(1);
  });

  test('an unknown folder id gets the server’s BAD_REQUEST', async ({ page }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Channel folders');
    await expect(folder(page, 'Engineering')).toBeVisible();
    server.state.channelFolders.clear();
    await page.getByRole('button', { name: 'Archive Engineering', exact: true }).click();
    await expect(alert(page)).toContainText('BAD_REQUEST');
  });

  test('a caller who is no longer an administrator gets UNAUTHORIZED_PRINCIPAL', async ({
    page,
  }) => {
    await setUp();
    const admin = await openAdmin(page, ADMIN, 'Channel folders');
    server.state.users.get(admin.user_id)!.role = MEMBER;
    await page.getByLabel('Name', { exact: true }).fill('Late');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(alert(page)).toContainText('UNAUTHORIZED_PRINCIPAL');
  });
});

test.describe('custom profile fields', () => {
  test('creates a dropdown with its choices and an external account with its subtype', async ({
    page,
  }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Custom profile fields');
    await page.getByLabel('Type').selectOption({ label: 'Dropdown (list of choices)' });
    await page.getByLabel('Name', { exact: true }).fill('Office');
    await page.getByLabel('Choice 1', { exact: true }).fill('Berlin');
    await page.getByLabel('Choice 2', { exact: true }).fill('Lisbon');
    await page.getByRole('button', { name: 'Add choice' }).click();
    await page.getByLabel('Choice 3', { exact: true }).fill('Osaka');
    await page.getByLabel('Show in the profile summary').check();
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect(status(page, 'Field “Office” created.')).toBeVisible();
    const office = [...server.state.profileFields.values()].find((f) => f.name === 'Office')!;
    expect(office).toMatchObject({ field_type: 3, display_in_profile_summary: true });
    expect(Object.values(office.field_data).map((c) => (c as { text: string }).text)).toEqual([
      'Berlin',
      'Lisbon',
      'Osaka',
    ]);

    await page.getByLabel('Type').selectOption({ label: 'External account' });
    await page.getByLabel('Account kind (subtype)').fill('custom');
    await page.getByLabel('URL pattern').fill('https://code.example.org/users');
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect(alert(page).filter({ hasText: 'must contain %(username)s' })).toBeVisible();
    await page.getByLabel('URL pattern').fill('https://code.example.org/%(username)s');
    await page.getByLabel('Use for matching users').check();
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect(status(page, 'Field “custom” created.')).toBeVisible();
    const external = [...server.state.profileFields.values()].find((f) => f.field_type === 7)!;
    expect(external).toMatchObject({
      field_data: { subtype: 'custom', url_pattern: 'https://code.example.org/%(username)s' },
      use_for_user_matching: true,
    });
  });

  test('enforces the two-in-summary limit and the per-type rules before sending', async ({
    page,
  }) => {
    await setUp();
    await openAdmin(page, ADMIN, 'Custom profile fields');
    const before = server.state.profileFields.size;
    const summaryCount = [...server.state.profileFields.values()].filter(
      (f) => f.display_in_profile_summary,
    ).length;
    for (let i = summaryCount; i < 2; i++) {
      await page.getByLabel('Name', { exact: true }).fill(`Summary ${i}`);
      await page.getByLabel('Show in the profile summary').check();
      await page.getByRole('button', { name: 'Create field' }).click();
      await expect(status(page, `Field “Summary ${i}” created.`)).toBeVisible();
    }
    await page.getByLabel('Name', { exact: true }).fill('Third');
    await page.getByLabel('Show in the profile summary').check();
    await expect(alert(page).filter({ hasText: 'At most 2 fields' })).toBeVisible();
    await page.getByLabel('Show in the profile summary').uncheck();
    await page.getByLabel('Type').selectOption({ label: 'Users' });
    await page.getByLabel('Show in the profile summary').check();
    await expect(alert(page).filter({ hasText: 'Users fields cannot be shown' })).toBeVisible();
    await page.getByLabel('Show in the profile summary').uncheck();
    await page.getByLabel('Use for matching users').check();
    await expect(
      alert(page)
        .filter({ hasText: 'Only for short text' })
        .or(alert(page).filter({ hasText: 'Only short text' })),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create field' }).click();
    expect(server.state.profileFields.size).toBe(before + 2 - summaryCount);
  });

  test('the server’s refusal is shown as it was sent', async ({ page }) => {
    await setUp();
    const admin = await openAdmin(page, ADMIN, 'Custom profile fields');
    server.state.users.get(admin.user_id)!.role = MEMBER;
    await page.getByLabel('Name', { exact: true }).fill('Late');
    await page.getByRole('button', { name: 'Create field' }).click();
    await expect(alert(page)).toContainText('UNAUTHORIZED_PRINCIPAL');
  });
});

test.describe('organization deactivation', () => {
  async function confirmDeactivation(page: Page) {
    await page.getByLabel(/Type the organization's name/).fill('Perch Demo');
    await page.getByRole('button', { name: 'Deactivate Perch Demo' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate Perch Demo?' })
      .getByRole('button', { name: 'Deactivate the organization' })
      .click();
  }

  test('states what happens, needs the typed name, and deactivates', async ({ page }) => {
    await setUp();
    await openAdmin(page, OWNER, 'Deactivate organization');
    await expect(page.getByText('at least 14 days and no maximum')).toBeVisible();
    // Spec 4.19: 0 only without a minimum; null only without a maximum.
    await expect(page.getByLabel('Delete the data immediately')).toHaveCount(0);
    await page.getByLabel('Days before deletion').fill('10');
    await expect(alert(page).filter({ hasText: 'At least 14 days' })).toBeVisible();
    await page.getByLabel('Days before deletion').fill('21');
    await expect(page.getByLabel('What will happen')).toContainText(
      'deleted permanently after 21 days',
    );
    const confirm = page.getByRole('button', { name: 'Deactivate Perch Demo' });
    await page.getByLabel(/Type the organization's name/).fill('Perch');
    await expect(confirm).toBeDisabled();
    await page.getByLabel(/Type the organization's name/).fill('Perch Demo');
    await confirm.click();
    await page.getByRole('button', { name: 'Deactivate the organization' }).click();
    await expect(status(page, 'Perch Demo is deactivated')).toBeVisible();
    expect(server.state.realm).toMatchObject({ deactivated: true, deletion_delay_days: 21 });
  });

  test('keeping the data indefinitely sends null when the server has no maximum', async ({
    page,
  }) => {
    await setUp();
    await openAdmin(page, OWNER, 'Deactivate organization');
    await page.getByLabel('Keep the data indefinitely').check();
    await expect(page.getByLabel('What will happen')).toContainText('kept indefinitely');
    await confirmDeactivation(page);
    await expect(status(page, 'is deactivated')).toBeVisible();
    expect(server.state.realm).toMatchObject({ deactivated: true, deletion_delay_days: null });
  });

  test('a server with no minimum but a maximum offers immediate deletion, not indefinite', async ({
    page,
  }) => {
    await setUp();
    server.state.realm.min_deletion_days = null;
    server.state.realm.max_deletion_days = 60;
    await openAdmin(page, OWNER, 'Deactivate organization');
    await expect(page.getByLabel('Keep the data indefinitely')).toHaveCount(0);
    await page.getByLabel('Days before deletion').fill('61');
    await expect(alert(page).filter({ hasText: 'At most 60 days' })).toBeVisible();
    await page.getByLabel('Delete the data immediately').check();
    await expect(page.getByLabel('What will happen')).toContainText('can never be reactivated');
    await confirmDeactivation(page);
    await expect(status(page, 'is deactivated')).toBeVisible();
    expect(server.state.realm.deletion_delay_days).toBe(0);
  });

  test('a demo organization whose owner has no email can only be deleted immediately', async ({
    page,
  }) => {
    await setUp();
    server.state.realm.demo_deletion_at = Math.floor(Date.now() / 1000) + 10 * 86400;
    server.state.users.get(byRole(OWNER).user_id)!.delivery_email = '';
    await openAdmin(page, OWNER, 'Deactivate organization');
    await expect(page.getByText('0 days only')).toBeVisible();
    await expect(page.getByLabel('Delete the data after a number of days')).toHaveCount(0);
    await confirmDeactivation(page);
    await expect(status(page, 'is deactivated')).toBeVisible();
    expect(server.state.realm.deletion_delay_days).toBe(0);
  });

  test('a delay past a demo organization’s scheduled deletion is refused before sending, and by the server if the date moved', async ({
    page,
  }) => {
    await setUp();
    server.state.realm.demo_deletion_at = Math.floor(Date.now() / 1000) + 10.5 * 86400;
    await openAdmin(page, OWNER, 'Deactivate organization');
    await page.getByLabel('Days before deletion').fill('20');
    await expect(
      alert(page).filter({
        hasText: 'At most 10 days: the demo organization is deleted then anyway.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate Perch Demo' })).toBeDisabled();

    // The scheduled deletion moves earlier after the panel loaded: the server still refuses.
    await page.getByLabel('Days before deletion').fill('8');
    server.state.realm.demo_deletion_at = Math.floor(Date.now() / 1000) + 5.5 * 86400;
    await confirmDeactivation(page);
    await expect(alert(page)).toContainText(
      'The server did not accept this: “Deletion delay must be between 0 and 5 days”.',
    );
    await expect(alert(page).getByTestId('error-details')).toHaveText(
      'BAD_REQUEST · Deletion delay must be between 0 and 5 days.',
    );
    expect(server.state.realm.deactivated).toBe(false);
  });

  test('an owner demoted meanwhile gets UNAUTHORIZED_PRINCIPAL', async ({ page }) => {
    await setUp();
    const owner = await openAdmin(page, OWNER, 'Deactivate organization');
    server.state.users.get(owner.user_id)!.role = ADMIN;
    await confirmDeactivation(page);
    await expect(alert(page)).toContainText('UNAUTHORIZED_PRINCIPAL');
    expect(server.state.realm.deactivated).toBe(false);
  });

  test('a delay the server no longer accepts gets its BAD_REQUEST', async ({ page }) => {
    await setUp();
    await openAdmin(page, OWNER, 'Deactivate organization');
    // The panel must hold the old limits first, or it would rightly refuse before sending.
    await expect(page.getByText('at least 14 days and no maximum')).toBeVisible();
    server.state.realm.min_deletion_days = 60;
    await confirmDeactivation(page);
    await expect(alert(page)).toContainText(
      'The server did not accept this: “Deletion delay must be at least 60 days”.',
    );
    await expect(alert(page).getByTestId('error-details')).toHaveText(
      'BAD_REQUEST · Deletion delay must be at least 60 days.',
    );
  });
});

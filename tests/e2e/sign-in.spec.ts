/**
 * Every sign-in flow, end to end in Chromium, against the reference server and the real
 * keychain, with the message the user sees for each failure.
 */
import { expect, test, type Page } from '@playwright/test';
import { startServer, DEFAULT_JWT_KEY, type StartedServer } from '../../src/server/index.ts';
import type { BrowserMode } from './support/web-host.ts';
import { useServerAndBrowserMode } from './support/peers.ts';
import { signJwt } from './support/jwt.ts';
import { deadAddress, startFakeSite } from './support/fake-site.ts';
import { keychainListing } from './support/secrets.ts';

let mode: BrowserMode;
let server: StartedServer;
useServerAndBrowserMode((p) => ({ server, mode } = p));

const owner = () => server.users.find((u) => u.role === 100)!;
const member = () => server.users.find((u) => u.role === 400 && !u.is_bot)!;

async function openSignIn(page: Page, address: string) {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  await page.getByLabel('Organization address').fill(address);
  await page.getByRole('button', { name: 'Look up' }).click();
}

async function signInWithKey(page: Page, email: string, key: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('server first: the organization, its sanitized description, version and methods are shown', async ({
  page,
}) => {
  server.state.realm.description =
    '<p>Welcome <b>team</b><img src="x" onerror="window.pwned=1"><script>window.pwned=2</script><a href="javascript:window.pwned=3">click</a></p>';
  await openSignIn(page, server.url);
  await expect(page.getByTestId('org-name')).toHaveText('Perch Demo');
  // The release people install; the API level only on hover.
  const version = page.getByTestId('org-version');
  await expect(version).toHaveText(/^Zulip \d/);
  await expect(version).toHaveAttribute('title', /^API feature level \d+$/);
  const description = page.getByTestId('org-description');
  await expect(description).toContainText('Welcome team');
  expect(await description.locator('script, [onerror]').count()).toBe(0);
  expect(await description.locator('a').getAttribute('href')).toBeNull();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await expect(page.getByTestId('org-methods')).toContainText('API key');
});

test('server first: the description makes the window fetch nothing from another origin', async ({
  page,
}) => {
  const tracker = 'https://tracker.example';
  const own = `${server.url}/static/images/logo/icon.svg`;
  server.state.realm.description =
    `<p>Welcome<img src="${tracker}/img.png" alt="tracker">` +
    `<svg><image href="${tracker}/svg-image.png"></image></svg>` +
    `<video poster="${tracker}/poster.png"></video>` +
    `<table background="${tracker}/table.png"><tr><td>cell</td></tr></table>` +
    '<img src="/static/images/logo/icon.svg" alt="own"></p>';
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await openSignIn(page, server.url);
  const description = page.getByTestId('org-description');
  await expect(description).toContainText('cell');
  await expect(description.getByRole('img', { name: 'tracker' })).toHaveCount(0);
  await expect(description.getByRole('img', { name: 'own' })).toHaveAttribute('src', own);
  // The server's own image loading shows the page got that far; a frame more for the rest.
  await expect.poll(() => requested.includes(own)).toBe(true);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))),
  );
  expect(requested.filter((url) => url.startsWith(tracker))).toEqual([]);
});

test('a server that calls Perch incompatible is shown with a warning', async ({ page }) => {
  const site = await startFakeSite(
    JSON.stringify({
      result: 'success',
      msg: '',
      realm_name: 'Old Org',
      is_incompatible: true,
      service_feature_level: 10,
    }),
    'application/json',
  );
  try {
    await openSignIn(page, site.url);
    await expect(page.getByTestId('org-name')).toHaveText('Old Org');
    await expect(page.getByRole('alert').filter({ hasText: 'not compatible' })).toBeVisible();
  } finally {
    await site.close();
  }
});

test('plain http to another machine is refused unless the user insists', async ({ page }) => {
  await openSignIn(page, 'http://chat.example.org');
  await expect(page.getByTestId('signin-error')).toContainText('plain http');
  await expect(
    page.getByLabel('Connect over plain http anyway (your key would not be encrypted)'),
  ).toBeVisible();
});

test('email and API key: signed in, and the key is in the OS keychain', async ({ page }) => {
  await openSignIn(page, server.url);
  await signInWithKey(page, owner().email, owner().api_key);
  await expect(page.getByTestId('signed-in-as')).toContainText(owner().full_name);
  // The key, with the email it goes with beside it (credential.ts).
  expect(keychainListing()).toContain(`"apiKey":"${owner().api_key}"`);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Signed-in accounts' })).toContainText(owner().email);
});

test('a wrong API key is refused, and nothing is stored', async ({ page }) => {
  await openSignIn(page, server.url);
  await signInWithKey(page, owner().email, 'not-the-key');
  await expect(page.getByTestId('signin-error')).toHaveText(/did not accept these credentials/);
  expect(keychainListing()).not.toContain('not-the-key');
  const list = await mode.core.invoke('accounts.list', {});
  expect(list).toEqual({ ok: true, result: [] });
});

test('a zuliprc file signs in with the site it names', async ({ page }) => {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  const rc = `[api]\nemail=${member().email}\nkey=${member().api_key}\nsite=${server.url}\n`;
  await page.getByLabel('Or import a zuliprc file').setInputFiles({
    name: 'zuliprc',
    mimeType: 'text/plain',
    buffer: Buffer.from(rc),
  });
  await expect(page.getByTestId('signed-in-as')).toContainText(member().full_name);
});

test('a zuliprc file without a key says what is missing', async ({ page }) => {
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  await page.getByLabel('Or import a zuliprc file').setInputFiles({
    name: 'zuliprc',
    mimeType: 'text/plain',
    buffer: Buffer.from(`[api]\nemail=a@b.c\nsite=${server.url}\n`),
  });
  await expect(page.getByTestId('signin-error')).toHaveText('The [api] section has no key.');
});

test('a signed web token is exchanged and shows who it signed in as', async ({ page }) => {
  await openSignIn(page, server.url);
  await page.getByRole('tab', { name: 'Signed web token' }).click();
  await page
    .getByLabel('Signed web token')
    .fill(signJwt({ email: member().email }, DEFAULT_JWT_KEY));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText(
    `${member().full_name} (${member().email})`,
  );
});

test('a token with a bad signature, an expired one or an unknown email is refused with the reason', async ({
  page,
}) => {
  await openSignIn(page, server.url);
  await page.getByRole('tab', { name: 'Signed web token' }).click();
  await page.getByLabel('Signed web token').fill(signJwt({ email: member().email }, 'wrong-key'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signin-error')).toContainText(
    'refused: Bad JSON web token signature',
  );

  const expired = signJwt(
    { email: member().email, exp: Math.floor(Date.now() / 1000) - 60 },
    DEFAULT_JWT_KEY,
  );
  await page.getByLabel('Signed web token').fill(expired);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signin-error')).toContainText(
    'refused: The JSON web token has expired',
  );

  await page
    .getByLabel('Signed web token')
    .fill(signJwt({ email: 'nobody@perch.test' }, DEFAULT_JWT_KEY));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signin-error')).toContainText(
    'not registered in this organization',
  );
  expect((await mode.core.invoke('accounts.list', {})) as unknown).toEqual({
    ok: true,
    result: [],
  });
});

test('email and password sign in where the server offers it', async ({ page }) => {
  const m = member();
  const password = server.state.users.get(m.user_id)!.password;
  await openSignIn(page, server.url);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Email').fill(m.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText(m.full_name);
});

test('a wrong password is refused', async ({ page }) => {
  await openSignIn(page, server.url);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Email').fill(member().email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signin-error')).toContainText(
    'Your username or password is incorrect',
  );
});

test('an unknown server: nothing listening at the address', async ({ page }) => {
  await openSignIn(page, await deadAddress());
  await expect(page.getByTestId('signin-error')).toContainText(
    'nothing is listening at that address',
  );
});

test('a site that is not a chat server is named as such', async ({ page }) => {
  const site = await startFakeSite('<html><body>Just a blog</body></html>');
  try {
    await openSignIn(page, site.url);
    await expect(page.getByTestId('signin-error')).toContainText(
      'did not answer like a chat server',
    );
  } finally {
    await site.close();
  }
});

test('a deactivated user is told so', async ({ page }) => {
  const gone = server.deactivatedUsers[0]!;
  await openSignIn(page, server.url);
  await signInWithKey(page, gone.email, gone.api_key);
  await expect(page.getByTestId('signin-error')).toContainText(
    'has been deactivated. An administrator can reactivate it.',
  );
});

test('a deactivated organization is told so', async ({ page }) => {
  await openSignIn(page, server.url);
  // Deactivated only once the lookup has shown the organization: deactivated sooner, the
  // lookup itself says so, and there is no sign-in form to fill.
  await expect(page.getByLabel('Email')).toBeVisible();
  server.state.realm.deactivated = true;
  await signInWithKey(page, owner().email, owner().api_key);
  await expect(page.getByTestId('signin-error')).toContainText('The organization at');
  await expect(page.getByTestId('signin-error')).toContainText('has been deactivated.');
});

test('two organizations and two users of one organization are signed in at once', async ({
  page,
}) => {
  const other = await startServer({});
  try {
    const accounts: [string, string, string][] = [
      [server.url, owner().email, owner().api_key],
      [server.url, member().email, member().api_key],
      [other.url, other.users[0]!.email, other.users[0]!.api_key],
    ];
    await page.goto(mode.host.url);
    for (const [url, email, key] of accounts) {
      const addButton = page.getByRole('button', {
        name: /Sign in to an organization|Add an account/,
      });
      await addButton.click();
      await page.getByLabel('Organization address').fill(url);
      await page.getByRole('button', { name: 'Look up' }).click();
      await signInWithKey(page, email, key);
      await page.getByRole('button', { name: 'Done' }).click();
    }
    const list = page.getByRole('list', { name: 'Signed-in accounts' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const keys = keychainListing();
    for (const [, , key] of accounts) expect(keys).toContain(`"apiKey":"${key}"`);
  } finally {
    await other.close();
  }
});

test('sign out removes the key from the keychain and the account from the list', async ({
  page,
}) => {
  await openSignIn(page, server.url);
  await signInWithKey(page, owner().email, owner().api_key);
  await page.getByRole('button', { name: 'Done' }).click();
  expect(keychainListing()).toContain(owner().api_key);
  await page.getByRole('button', { name: `Sign out of Perch Demo as ${owner().email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Try the demo organization' })).toBeVisible();
  expect(keychainListing()).not.toContain(owner().api_key);
});

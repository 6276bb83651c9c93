/**
 * A server whose certificate does not verify, end to end in Chromium. The sign-in form shows
 * why and the certificate's details; a self-signed certificate is trusted only after the user
 * confirms comparing its fingerprint; expired and wrong-name certificates are explained and not
 * offered; a certificate that later changes stops the account with an attention on the Accounts
 * page, where the new one can be reviewed.
 */
import { X509Certificate } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type ServerUser, type StartedServer } from '../../src/server/index.ts';
import { messaging } from '../../src/server/messages/service.ts';
import type { UserRecord } from '../../src/server/state/types.ts';
import {
  createCa,
  createExpiredLeaf,
  createSelfSigned,
  createWrongNameLeaf,
  type KeyAndCert,
} from '../fixtures/certificates.ts';
import { startBrowserMode, type BrowserMode } from './support/web-host.ts';
import { shotsFolder as SHOTS } from './support/shots.ts';

let mode: BrowserMode;
const servers: StartedServer[] = [];

test.beforeEach(async () => {
  mode = await startBrowserMode();
});

test.afterEach(async () => {
  await mode.stop();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The reference server on HTTPS at localhost, the name the test certificates carry. */
async function serve(tls: KeyAndCert): Promise<StartedServer> {
  const server = await startServer({ host: 'localhost', tls });
  servers.push(server);
  return server;
}

const fingerprintOf = (tls: KeyAndCert) => new X509Certificate(tls.cert).fingerprint256;
const owner = (server: StartedServer) => server.users.find((u) => u.role === 100)!;

async function lookUp(page: Page, address: string) {
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Sign in to an organization' }).click();
  await page.getByLabel('Organization address').fill(address);
  await page.getByRole('button', { name: 'Look up' }).click();
}

/** Light and dark screenshots of what the test just reached, when PERCH_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  // Tall enough that the page's own scrolling area shows everything.
  await page.setViewportSize({ width: 1100, height: 1500 });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset['theme'] = t), theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => (document.documentElement.dataset['theme'] = 'system'));
  await page.setViewportSize({ width: 1100, height: 900 });
}

function post(server: StartedServer, from: ServerUser, to: ServerUser, content: string) {
  const sender = server.state.users.get(from.user_id) as UserRecord;
  return messaging(server.ctx).send({ sender, dmUserIds: [to.user_id], content });
}

test('a self-signed server: details and fingerprint, confirmed, signed in, messages shown', async ({
  page,
}) => {
  const tls = await createSelfSigned();
  const server = await serve(tls);
  const me = owner(server);
  const other = server.users.find((u) => u.role === 400 && !u.is_bot)!;
  post(server, other, me, 'Hello over a pinned certificate');

  await lookUp(page, server.url);
  await expect(page.getByTestId('signin-error')).toContainText('self-signed certificate');
  const card = page.getByTestId('certificate');
  await expect(card.getByTestId('certificate-subject')).toHaveText(
    'CN=localhost, O=Perch Tests Self-Signed',
  );
  await expect(card.getByTestId('certificate-names')).toHaveText('localhost, 127.0.0.1');
  await expect(card.getByTestId('certificate-fingerprint')).toHaveText(fingerprintOf(tls));
  await expect(card.getByTestId('fingerprint-to-compare')).toHaveText(fingerprintOf(tls));
  await shoot(page, 'signin-self-signed');

  // One click is not enough: the comparison has to be confirmed first.
  const trust = card.getByRole('button', { name: 'Trust this certificate for localhost' });
  await expect(trust).toBeDisabled();
  await card.getByRole('checkbox', { name: /I compared this fingerprint/ }).check();
  await trust.click();

  await expect(page.getByTestId('certificate-trusted')).toContainText(fingerprintOf(tls));
  await expect(page.getByTestId('org-name')).toBeVisible();
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('API key').fill(me.api_key);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('signed-in-as')).toContainText(me.email);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Messages', exact: true }).click();
  await expect(page.getByText('Hello over a pinned certificate').first()).toBeVisible();
  // The long-poll runs over the pinned certificate too: a new message appears by itself.
  post(server, other, me, 'Live over the same certificate');
  await expect(page.getByText('Live over the same certificate').first()).toBeVisible();
});

test('expired and wrong-name certificates are named precisely and not offered for trust', async ({
  page,
}) => {
  const ca = await createCa('Example Corp Root');
  const expired = await serve(await createExpiredLeaf(ca, new Date('2025-03-14T12:00:00Z')));
  const wrongName = await serve(await createWrongNameLeaf(ca, ['chat.example.org']));

  await lookUp(page, expired.url);
  await expect(page.getByTestId('signin-error')).toContainText('expired on 14 March 2025');
  await expect(page.getByTestId('certificate-refusal')).toContainText(
    'does not offer to trust an expired certificate',
  );
  await expect(page.getByRole('checkbox', { name: /I compared/ })).toHaveCount(0);
  await shoot(page, 'signin-expired');

  await page.getByLabel('Organization address').fill(wrongName.url);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('signin-error')).toContainText(
    'is for chat.example.org, not localhost',
  );
  await expect(page.getByTestId('certificate-names')).toHaveText('chat.example.org');
  await expect(page.getByTestId('certificate-refusal')).toContainText('issued for another name');
  await expect(page.getByRole('checkbox', { name: /I compared/ })).toHaveCount(0);
  await shoot(page, 'signin-wrong-name');
});

test('a certificate that changes stops the account until the new one is reviewed', async ({
  page,
}) => {
  const first = await createSelfSigned();
  const server = await serve(first);
  const me = owner(server);
  const signedIn = await mode.core.invoke('accounts.signInWithKey', {
    serverUrl: server.url,
    email: me.email,
    apiKey: me.api_key,
    trustCertificate: fingerprintOf(first),
  });
  expect(signedIn.ok).toBe(true);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(mode.host.url);
  await page.getByRole('button', { name: 'Accounts', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Signed-in accounts' })).toContainText(me.email);

  const next = await createSelfSigned();
  server.setCertificate(next);
  const changed = page.getByTestId('certificate-changed');
  await expect(changed).toContainText(/The security certificate of localhost:\d+ changed/);
  await expect(changed.getByTestId('trusted-fingerprint')).toHaveText(fingerprintOf(first));
  await expect(changed.getByTestId('presented-fingerprint')).toHaveText(fingerprintOf(next));
  await changed.getByRole('button', { name: 'Review the new certificate' }).click();
  await expect(changed.getByTestId('certificate-fingerprint')).toHaveText(fingerprintOf(next));
  await shoot(page, 'accounts-certificate-changed');

  await changed.getByRole('checkbox', { name: /I compared this fingerprint/ }).check();
  await changed.getByRole('button', { name: 'Trust this certificate for localhost' }).click();
  await expect(page.getByTestId('certificate-changed')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Signed-in accounts' })).not.toContainText(
    'Needs attention',
  );
});

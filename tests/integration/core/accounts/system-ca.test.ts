/**
 * A server with a certificate from a CA the machine trusts (an organization's CA added to
 * the system bundle) works like any public server: sign-in, messages and a long-poll, and
 * no certificate question asked.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../../../src/server/index.ts';
import { X509Certificate } from 'node:crypto';
import { ApiClient } from '../../../../src/api/client.ts';
import { CertificateChangedError } from '../../../../src/api/errors.ts';
import { getServerSettings } from '../../../../src/api/routes/server.ts';
import {
  bundleWith,
  createCa,
  createLeaf,
  createSelfSigned,
  type KeyAndCert,
  type TestCa,
} from '../../../fixtures/certificates.ts';
import {
  CoreUnderTest,
  eventually,
  person,
  sendDirect,
  startHttpsServer,
} from './https-harness.ts';

let ca: TestCa;
let server: StartedServer;
let leaf: KeyAndCert;
let perch: CoreUnderTest;
let bundleDir: string;
const previous = process.env['SSL_CERT_FILE'];

beforeAll(async () => {
  ca = await createCa('Example Corp Internal CA');
  // The system bundle read at the first connection of this (test-file) process: the
  // distribution's own with the organization's CA appended, as an administrator would.
  bundleDir = await mkdtemp(join(tmpdir(), 'perch-bundle-'));
  const bundle = join(bundleDir, 'ca-certificates.crt');
  const system = await readFile('/etc/ssl/certs/ca-certificates.crt', 'utf8').catch(() => '');
  await writeFile(bundle, bundleWith(system, ca));
  process.env['SSL_CERT_FILE'] = bundle;
  leaf = await createLeaf(ca);
  server = await startHttpsServer(leaf);
  perch = await CoreUnderTest.open();
});

afterAll(async () => {
  if (previous === undefined) delete process.env['SSL_CERT_FILE'];
  else process.env['SSL_CERT_FILE'] = previous;
  await perch?.close();
  await server?.close();
  await rm(bundleDir, { recursive: true, force: true });
});

describe('a certificate from a CA in the system bundle', () => {
  it('signs in, reads messages and receives a message by long-poll, with no consent asked', async () => {
    expect(server.url).toMatch(/^https:\/\/localhost:/);
    const me = person(server, 'member');
    const account = await perch.signIn(server, me);
    expect((await perch.accounts())[0]?.trustedCertificate).toBeUndefined();

    const trust = { certificates: [ca.cert] };
    const admin = person(server, 'admin');
    const first = await sendDirect(server, admin, me, 'before sign-in ends', trust);
    const page = await perch.call<{ messages: { id: number }[] }>('messages.fetch', {
      accountId: account.id,
      narrow: [],
      anchor: 'newest',
      numBefore: 20,
      numAfter: 0,
    });
    expect(page.messages.map((m) => m.id)).toContain(first);

    await eventually(async () => (await perch.stateOf(account.id)) === 'polling', 'polling');
    const id = await sendDirect(server, admin, me, 'over https', trust);
    await eventually(() => perch.notifier.notified.includes(id), 'the long-poll to deliver it');
  });
});

describe('a pinned certificate', () => {
  it('refuses a server whose certificate verifies but is not the pinned one', async () => {
    const pinnedElsewhere = await createSelfSigned();
    const client = new ApiClient({
      realmUrl: server.url,
      connection: { trust: { certificates: [pinnedElsewhere.cert], pinned: true } },
    });
    try {
      const error = await getServerSettings(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CertificateChangedError);
      // Named by the pin check itself, with what the server presented.
      expect((error as CertificateChangedError).presented).toBe(
        new X509Certificate(leaf.cert).fingerprint256,
      );
    } finally {
      await client.close();
    }
  });
});

/**
 * A server whose certificate is expired or names another host: sign-in says so precisely
 * (the date it expired, the names it is valid for) and offers no way to trust it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../../../src/server/index.ts';
import {
  createCa,
  createExpiredLeaf,
  createWrongNameLeaf,
  type TestCa,
} from '../../../fixtures/certificates.ts';
import { CoreUnderTest, person, startHttpsServer } from './https-harness.ts';

let ca: TestCa;
let perch: CoreUnderTest;
const servers: StartedServer[] = [];

beforeAll(async () => {
  ca = await createCa();
  perch = await CoreUnderTest.open();
});

afterAll(async () => {
  await perch.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(tls: { key: string; cert: string }): Promise<StartedServer> {
  const server = await startHttpsServer(tls);
  servers.push(server);
  return server;
}

describe('a certificate that cannot be trusted', () => {
  it('expired: names the day it expired and offers no trust', async () => {
    const server = await serve(await createExpiredLeaf(ca, new Date('2025-03-14T12:00:00Z')));
    const error = await perch.failure('accounts.probe', { url: server.url });
    expect(error.apiCode).toBe('CERTIFICATE');
    expect(error.message).toMatch(/expired on 14 March 2025/);
    const review = error.details?.['certificate'] as Record<string, unknown>;
    expect(review).toMatchObject({ problem: 'expired', host: 'localhost' });
    expect(review['trustable']).toBeUndefined();
  });

  it('wrong name: says which names it is valid for and offers no trust', async () => {
    const server = await serve(await createWrongNameLeaf(ca, ['chat.example.org']));
    const error = await perch.failure('accounts.signInWithKey', {
      serverUrl: server.url,
      email: person(server, 'member').email,
      apiKey: person(server, 'member').api_key,
    });
    expect(error.apiCode).toBe('CERTIFICATE');
    expect(error.message).toContain('is for chat.example.org, not localhost');
    const review = error.details?.['certificate'] as Record<string, unknown>;
    expect(review).toMatchObject({
      problem: 'wrong_name',
      certificate: { names: ['chat.example.org'] },
    });
    expect(review['trustable']).toBeUndefined();
    expect(await perch.accounts()).toEqual([]);
  });

  it('"allow insecure" (meant for plain http) never turns https verification off', async () => {
    const server = await serve(await createExpiredLeaf(ca, new Date('2025-03-14T12:00:00Z')));
    const error = await perch.failure('accounts.signInWithKey', {
      serverUrl: server.url,
      email: person(server, 'member').email,
      apiKey: person(server, 'member').api_key,
      allowInsecure: true,
    });
    expect(error.apiCode).toBe('CERTIFICATE');
    expect(await perch.accounts()).toEqual([]);
  });

  it('a fingerprint sent for an expired certificate is refused, not trusted', async () => {
    const server = await serve(await createExpiredLeaf(ca, new Date('2025-01-02T00:00:00Z')));
    const first = await perch.failure('accounts.probe', { url: server.url });
    const shown = (first.details?.['certificate'] as { certificate: { fingerprint: string } })
      .certificate.fingerprint;
    const again = await perch.failure('accounts.probe', {
      url: server.url,
      trustCertificate: shown,
    });
    expect(again.apiCode).toBe('CERTIFICATE');
    expect(again.message).toMatch(/not the one you confirmed/);
  });
});

/**
 * A self-signed server, trusted through the consent flow: the sign-in error shows the
 * certificate and its fingerprint, signing in with that fingerprint confirmed pins it, and
 * requests and the long-poll use it. When the server then presents another certificate,
 * that account stops and says why, and an account on another server carries on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../../../src/server/index.ts';
import { createSelfSigned, type KeyAndCert } from '../../../fixtures/certificates.ts';
import {
  CoreUnderTest,
  eventually,
  person,
  sendDirect,
  startHttpsServer,
} from './https-harness.ts';

let first: KeyAndCert;
let other: KeyAndCert;
let server: StartedServer;
let otherServer: StartedServer;
let perch: CoreUnderTest;

beforeAll(async () => {
  first = await createSelfSigned();
  other = await createSelfSigned();
  server = await startHttpsServer(first);
  otherServer = await startHttpsServer(other);
  perch = await CoreUnderTest.open();
});

afterAll(async () => {
  await perch?.close();
  await server?.close();
  await otherServer?.close();
});

interface Review {
  problem: string;
  certificate: { subject: string; issuer: string; fingerprint: string; validTo: string };
  trustable?: { kind: string; fingerprint: string };
}

/** What the sign-in form shows for `target`: the Core's certificate review. */
async function reviewOf(target: StartedServer): Promise<{ message: string; review: Review }> {
  const error = await perch.failure('accounts.probe', { url: target.url });
  expect(error.apiCode).toBe('CERTIFICATE');
  return { message: error.message, review: error.details?.['certificate'] as Review };
}

describe('a self-signed server trusted with consent', () => {
  it('is explained, pinned after the fingerprint is confirmed, then refused once it changes', async () => {
    const { message, review } = await reviewOf(server);
    expect(message).toMatch(/self-signed/);
    expect(review.problem).toBe('self_signed');
    expect(review.certificate.subject).toContain('CN=localhost');
    expect(review.certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(review.trustable).toEqual({
      kind: 'certificate',
      fingerprint: review.certificate.fingerprint,
    });

    // Without the confirmation nothing is trusted; a wrong fingerprint trusts nothing either.
    const me = person(server, 'member');
    await expect(perch.signIn(server, me)).rejects.toThrow(/self-signed/);
    // Another first byte, whatever the real one is (a test certificate's may be 00 itself).
    const real = review.certificate.fingerprint;
    const wrong = (real.startsWith('00') ? 'FF' : '00') + real.slice(2);
    await expect(perch.signIn(server, me, wrong)).rejects.toThrow(/not the one you confirmed/);
    expect(await perch.accounts()).toEqual([]);

    const account = await perch.signIn(server, me, review.certificate.fingerprint);
    expect((await perch.accounts())[0]?.trustedCertificate).toBe(review.certificate.fingerprint);
    const pin = { certificates: [first.cert], pinned: true };
    const admin = person(server, 'admin');
    await eventually(async () => (await perch.stateOf(account.id)) === 'polling', 'polling');
    const sent = await sendDirect(server, admin, me, 'pinned and delivered', pin);
    await eventually(() => perch.notifier.notified.includes(sent), 'the long-poll to deliver it');
    const page = await perch.call<{ messages: { id: number }[] }>('messages.fetch', {
      accountId: account.id,
      narrow: [],
      anchor: 'newest',
      numBefore: 5,
      numAfter: 0,
    });
    expect(page.messages.map((m) => m.id)).toContain(sent);

    // A second account, on another self-signed server, trusted the same way.
    const otherReview = (await reviewOf(otherServer)).review;
    const otherMe = person(otherServer, 'member');
    const second = await perch.signIn(otherServer, otherMe, otherReview.certificate.fingerprint);
    await eventually(async () => (await perch.stateOf(second.id)) === 'polling', 'second polling');

    // The first server now presents another certificate (and drops its connections).
    const replaced = await createSelfSigned();
    server.setCertificate(replaced);
    await eventually(
      async () =>
        (await perch.accounts()).find((a) => a.id === account.id)?.attention?.code ===
        'CERTIFICATE_CHANGED',
      'the account to stop for the changed certificate',
    );
    const stopped = (await perch.accounts()).find((a) => a.id === account.id)!;
    expect(stopped.attention?.message).toMatch(/certificate of localhost:\d+ changed/);
    expect(stopped.attention?.certificate?.trusted).toBe(review.certificate.fingerprint);
    const presented = stopped.attention?.certificate?.presented?.certificate.fingerprint;
    expect(presented).toBeDefined();
    expect(presented).not.toBe(review.certificate.fingerprint);
    expect(await perch.stateOf(account.id)).toBe('needs_attention');
    await expect(
      perch.call('messages.fetch', {
        accountId: account.id,
        narrow: [],
        anchor: 'newest',
        numBefore: 5,
        numAfter: 0,
      }),
    ).rejects.toThrow(/certificate of localhost:\d+ changed/);

    // The other account carries on: its long-poll still delivers.
    const otherSent = await sendDirect(
      otherServer,
      person(otherServer, 'admin'),
      otherMe,
      'still here',
      {
        certificates: [other.cert],
        pinned: true,
      },
    );
    await eventually(() => perch.notifier.notified.includes(otherSent), 'the other account');
    expect(await perch.stateOf(second.id)).toBe('polling');

    // Reviewing and trusting the new certificate starts the account again.
    const renewed = await perch.call<{ trustedCertificate?: string; attention?: unknown }>(
      'accounts.trustNewCertificate',
      { accountId: account.id, fingerprint: presented },
    );
    expect(renewed.trustedCertificate).toBe(presented);
    expect(renewed.attention).toBeUndefined();
    await eventually(async () => (await perch.stateOf(account.id)) === 'polling', 'polling again');
    const after = await sendDirect(server, admin, me, 'after the review', {
      certificates: [replaced.cert],
      pinned: true,
    });
    await eventually(() => perch.notifier.notified.includes(after), 'delivery after the review');
  });
});

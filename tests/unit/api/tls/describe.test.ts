import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeChain } from '../../../../src/api/tls/describe.ts';
import { splitPem } from '../../../../src/api/tls/system-bundle.ts';
import {
  createCa,
  createExpiredLeaf,
  createLeaf,
  createSelfSigned,
  createWrongNameLeaf,
  type KeyAndCert,
  type TestCa,
} from '../../../fixtures/certificates.ts';

const NOW = Date.now();
let ca: TestCa;

/** The DER chain a server sending `cert` presents. */
function chainOf(cert: KeyAndCert): Buffer[] {
  return splitPem(cert.cert).map((pem) => new X509Certificate(pem).raw);
}

beforeAll(async () => {
  ca = await createCa('Example Corp Root');
});

describe('describing a certificate that does not verify', () => {
  it('self-signed: subject, issuer, validity, fingerprint, names, and the leaf is offered', async () => {
    const leaf = await createSelfSigned({ names: ['localhost', '127.0.0.1'] });
    const report = describeChain(chainOf(leaf), 'localhost', NOW, 'DEPTH_ZERO_SELF_SIGNED_CERT')!;
    const x = new X509Certificate(leaf.cert);
    expect(report.problem).toBe('self_signed');
    expect(report.certificate).toEqual({
      subject: 'CN=localhost, O=Perch Tests Self-Signed',
      issuer: 'CN=localhost, O=Perch Tests Self-Signed',
      validFrom: new Date(x.validFrom).toISOString(),
      validTo: new Date(x.validTo).toISOString(),
      fingerprint: x.fingerprint256,
      names: ['localhost', '127.0.0.1'],
    });
    expect(report.certificate.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(report.trustable).toMatchObject({ kind: 'certificate', fingerprint: x.fingerprint256 });
  });

  it('unknown issuer with the CA sent along: the CA is what is offered', async () => {
    const report = describeChain(
      chainOf(await createLeaf(ca)),
      '127.0.0.1',
      NOW,
      'SELF_SIGNED_CERT_IN_CHAIN',
    )!;
    expect(report.problem).toBe('unknown_issuer');
    expect(report.certificate.issuer).toBe('CN=Example Corp Root, O=Perch Tests');
    expect(report.chain.map((c) => c.subject)).toEqual(['CN=Example Corp Root, O=Perch Tests']);
    expect(report.trustable).toMatchObject({
      kind: 'ca',
      fingerprint: new X509Certificate(ca.cert).fingerprint256,
    });
  });

  it('unknown issuer not sent: named, but nothing is offered', async () => {
    const leafOnly = splitPem((await createLeaf(ca)).cert)[0]!;
    const report = describeChain(
      [new X509Certificate(leafOnly).raw],
      'localhost',
      NOW,
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    )!;
    expect(report.problem).toBe('unknown_issuer');
    expect(report.trustable).toBeUndefined();
  });

  it('expired and wrong-name certificates are named before their issuer, and never offered', async () => {
    const expired = describeChain(
      chainOf(await createExpiredLeaf(ca, new Date('2024-02-29T00:00:00Z'))),
      'localhost',
      NOW,
      'CERT_HAS_EXPIRED',
    )!;
    expect(expired.problem).toBe('expired');
    expect(expired.certificate.validTo).toBe('2024-02-29T00:00:00.000Z');
    expect(expired.trustable).toBeUndefined();

    const wrong = describeChain(
      chainOf(await createWrongNameLeaf(ca, ['chat.example.org', 'www.example.org'])),
      'localhost',
      NOW,
      'SELF_SIGNED_CERT_IN_CHAIN',
    )!;
    expect(wrong.problem).toBe('wrong_name');
    expect(wrong.certificate.names).toEqual(['chat.example.org', 'www.example.org']);
    expect(wrong.trustable).toBeUndefined();
  });

  it('a self-signed certificate for another name is a wrong name, not a trust question', async () => {
    const other = await createSelfSigned({ names: ['intranet.example'] });
    const report = describeChain(chainOf(other), 'localhost', NOW, 'DEPTH_ZERO_SELF_SIGNED_CERT')!;
    expect(report.problem).toBe('wrong_name');
    expect(report.trustable).toBeUndefined();
  });

  it('a chain that verifies and names the host has no problem', async () => {
    const report = describeChain(chainOf(await createLeaf(ca)), 'localhost', NOW, undefined)!;
    expect(report.problem).toBeUndefined();
    expect(report.trustable).toBeUndefined();
  });
});

/**
 * The Accounts page and its sign-in form without a DOM: what the list's buttons and the
 * form's look-up and sign-in show, and what a refusal offers, against a recording Core.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ServerProbe } from '../../../../../src/contract/contract.ts';
import type { CertificateReview } from '../../../../../src/contract/schemas/certificate-review.ts';
import { AccountsModel } from '../../../../../src/renderer/views/accounts/accounts-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';
import { account } from '../account-fixture.ts';

const shows = (check: () => void) => vi.waitFor(check, { timeout: 5000 });
const FP = Array.from({ length: 32 }, () => 'AB').join(':');

const PROBE: ServerProbe = {
  url: 'https://chat.example.com',
  realmName: 'Example',
  descriptionHtml: '',
  version: '10.0',
  featureLevel: 400,
  incompatible: false,
  insecure: false,
  methods: { password: true, external: [] },
};

const details = {
  subject: 'CN=chat.example.com',
  issuer: 'CN=chat.example.com',
  validFrom: '2026-01-01',
  validTo: '2027-01-01',
  fingerprint: FP,
  names: ['chat.example.com'],
};
const REVIEW: CertificateReview = {
  host: 'chat.example.com',
  problem: 'self_signed',
  certificate: details,
  chain: [details],
  trustable: { kind: 'certificate', fingerprint: FP },
};

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the list', () => {
  test("each account's queue health shows, and follows the Core's pushes", async () => {
    const port = new RecordingPort().answer('sync.status', [
      { accountId: 'a', health: { state: 'polling', lastEventId: 1, reconnects: 0, failures: 0 } },
    ]);
    const model = new AccountsModel(port);
    stop = model.start();
    await shows(() => expect(model.healthOf('a')?.state).toBe('polling'));
    port.push('sync.status', [
      { accountId: 'a', health: { state: 'backoff', lastEventId: 1, reconnects: 1, failures: 1 } },
    ]);
    expect(model.healthOf('a')?.state).toBe('backoff');
    expect(model.healthOf('b')).toBeUndefined();
  });

  test("a refused sign-out shows the Core's words; the demo clears them", async () => {
    const port = new RecordingPort()
      .refuse('accounts.signOut', 'The keychain is locked')
      .answer('accounts.startDemo', account('demo'));
    const model = new AccountsModel(port);
    const out = model.signOut('a');
    expect(model.busy).toBe(true);
    await out;
    expect(model.busy).toBe(false);
    expect(model.error).toBe('The keychain is locked');
    expect(port.callsTo('accounts.signOut')).toEqual([{ accountId: 'a' }]);
    await model.tryDemo();
    expect(model.error).toBeUndefined();
  });

  test('trusting a changed certificate sends its fingerprint; a refusal reaches the card', async () => {
    const port = new RecordingPort().answer('accounts.trustNewCertificate', account('a'));
    const model = new AccountsModel(port);
    await model.trustNewCertificate('a', FP);
    expect(port.callsTo('accounts.trustNewCertificate')).toEqual([
      { accountId: 'a', fingerprint: FP },
    ]);
    port.refuse('accounts.trustNewCertificate', 'That is not the certificate presented');
    await expect(model.trustNewCertificate('a', FP)).rejects.toThrow('not the certificate');
  });
});

describe('the connection check', () => {
  test("runs for an account or a typed address and gives the report's text", async () => {
    const report = { server: 'https://a.example', at: 0, steps: [], text: 'dns: ok' };
    const port = new RecordingPort().answer('doctor.run', report);
    const model = new AccountsModel(port);
    expect((await model.runDoctor({ accountId: 'a' })).text).toBe('dns: ok');
    await model.runDoctor({ serverUrl: 'chat.example.com', allowInsecure: false });
    expect(port.callsTo('doctor.run')).toEqual([
      { accountId: 'a' },
      { serverUrl: 'chat.example.com', allowInsecure: false },
    ]);
  });
});

describe('the sign-in form', () => {
  test('a look-up shows the organization, then signing in says who is signed in', async () => {
    const port = new RecordingPort()
      .answer('accounts.probe', PROBE)
      .answer('accounts.signInWithPassword', account('acme', 'Acme'));
    const form = new AccountsModel(port).signIn();
    await form.lookUp('chat.example.com', false);
    expect(form.probe?.realmName).toBe('Example');
    expect(form.error).toBeUndefined();
    await form.signIn(
      'password',
      { serverUrl: PROBE.url, email: 'ada@example.com', apiKey: '', password: 'pw', token: '' },
      false,
    );
    expect(form.signedIn?.realmName).toBe('Acme');
    expect(port.callsTo('accounts.signInWithPassword')).toEqual([
      {
        serverUrl: PROBE.url,
        username: 'ada@example.com',
        password: 'pw',
        allowInsecure: undefined,
        trustCertificate: undefined,
      },
    ]);
  });

  test('an unreachable server says why and offers the connection check', async () => {
    const port = new RecordingPort().refuse(
      'accounts.probe',
      'Could not reach the server',
      'NETWORK',
      {
        cause: 'ECONNREFUSED',
      },
    );
    const form = new AccountsModel(port).signIn();
    await form.lookUp('chat.example.com', false);
    expect(form.error).toBe('Could not reach the server');
    expect(form.errorDetail).toBe('ECONNREFUSED');
    expect(form.unreachable).toBe(true);
    expect(form.probe).toBeUndefined();
  });

  test('a refused plain http address offers http anyway; a good look-up withdraws it', async () => {
    const port = new RecordingPort().refuse('accounts.probe', 'Not encrypted', 'INSECURE_URL');
    const form = new AccountsModel(port).signIn();
    await form.lookUp('http://chat.example.com', false);
    expect(form.insecureRefused).toBe(true);
    expect(form.unreachable).toBe(false);
    port.answer('accounts.probe', { ...PROBE, insecure: true });
    await form.lookUp('http://chat.example.com', true);
    expect(form.insecureRefused).toBe(false);
    expect(port.callsTo('accounts.probe').at(-1)).toMatchObject({ allowInsecure: true });
  });

  test('an unverified certificate is shown for review; trusting it looks up again with it', async () => {
    const port = new RecordingPort().refuse(
      'accounts.probe',
      'Untrusted certificate',
      'CERTIFICATE',
      {
        certificate: REVIEW,
      },
    );
    const form = new AccountsModel(port).signIn();
    await form.lookUp('chat.example.com', false);
    expect(form.certificate?.host).toBe('chat.example.com');
    expect(form.unreachable).toBe(true);
    port.answer('accounts.probe', PROBE);
    await form.trust(FP, 'chat.example.com', false);
    expect(form.trustCertificate).toBe(FP);
    expect(form.certificate).toBeUndefined();
    expect(form.probe?.realmName).toBe('Example');
    expect(port.callsTo('accounts.probe').at(-1)).toEqual({
      url: 'chat.example.com',
      allowInsecure: false,
      trustCertificate: FP,
    });
    // A new look-up asks about the certificate afresh.
    await form.lookUp('other.example.com', false);
    expect(form.trustCertificate).toBeUndefined();
  });

  test('a zuliprc signs in at once; a file too large is refused before any call', async () => {
    const port = new RecordingPort().answer('accounts.importRcFile', account('rc', 'From rc'));
    const form = new AccountsModel(port).signIn();
    form.refuse('zuliprc is too large');
    expect(form.error).toBe('zuliprc is too large');
    await form.importRcFile('[api]\nemail=a@b\nkey=k\nsite=https://b', false);
    expect(form.error).toBeUndefined();
    expect(form.signedIn?.realmName).toBe('From rc');
    expect(port.callsTo('accounts.importRcFile')[0]).toMatchObject({ allowInsecure: undefined });
  });
});

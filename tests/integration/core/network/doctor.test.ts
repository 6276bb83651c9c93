/**
 * The connection doctor over loopback with real sockets: for each way a connection fails,
 * the step that fails and the words it says; and the report never holds a credential.
 */
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src/core/core.ts';
import { call, openCore } from './core-helpers.ts';
import type { Result } from '../../../../src/contract/contract.ts';
import type { DoctorReport } from '../../../../src/contract/schemas/network.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { SERVICE_VERSION } from '../../../../src/server/routes/server-settings.ts';
import { CURRENT_FEATURE_LEVEL } from '../../../../src/server/state/realm.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import { createSelfSigned } from '../../../fixtures/certificates.ts';
import { startTestProxy, type TestProxy } from '../../../fixtures/connect-proxy.ts';
import { deadAddress, startFakeSite } from '../../../e2e/support/fake-site.ts';
import { MemorySecrets } from '../sync/memory-secrets.ts';
import { ReferenceServer, person } from '../sync/harness.ts';

const HOST = 'chat.perch.test';

/** Each step's outcome, in order, e.g. `dns:ok tcp:failed proxy:skipped …`. */
const outcomes = (report: DoctorReport) => report.steps.map((s) => `${s.step}:${s.outcome}`);
const failing = (report: DoctorReport) => report.steps.find((s) => s.outcome === 'failed');

describe('the connection doctor', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let proxy: TestProxy;
  let secrets: MemorySecrets;
  let me: ServerUser;
  const cores: Core[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    server = await ReferenceServer.start(clock);
    proxy = await startTestProxy({ hosts: { [HOST]: '127.0.0.1' } });
    secrets = new MemorySecrets();
    me = person(server.started, 'member');
  });

  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
    await Promise.all(closers.splice(0).map((close) => close()));
    await proxy.close();
    await server.close();
  });

  const open = (env: Record<string, string> = {}) =>
    openCore(cores, { clock: new ManualClock(Date.now()), secrets, env });

  const doctor = (core: Core, args: unknown) =>
    call<Result<'doctor.run'>>(core, 'doctor.run', args);

  async function signedIn(core: Core, serverUrl = server.url): Promise<string> {
    const account = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    return account.id;
  }

  it('passes every step for a working account, and its report holds neither key nor header', async () => {
    const core = await open();
    const accountId = await signedIn(core);
    const report = await doctor(core, { accountId });
    expect(outcomes(report)).toEqual([
      'dns:ok',
      'tcp:ok',
      'proxy:skipped',
      'tls:skipped',
      'http:ok',
      'settings:ok',
      'credentials:ok',
    ]);
    expect(report.steps.at(-1)?.summary).toBe(
      `The server accepts this account's key: signed in as ${me.full_name}.`,
    );
    const basic = Buffer.from(`${me.email}:${me.api_key}`).toString('base64');
    expect(report.text).toContain('7. Credentials: OK.');
    expect(report.steps[5]?.details).toEqual([
      `server version ${SERVICE_VERSION}, feature level ${CURRENT_FEATURE_LEVEL}`,
    ]);
    expect(report.text).not.toContain(me.api_key);
    expect(report.text).not.toContain(basic);
    expect(JSON.stringify(report)).not.toContain(me.api_key);
  });

  it('says a name that does not exist', async () => {
    const report = await doctor(await open(), { serverUrl: 'https://nonexistent.invalid' });
    expect(outcomes(report)[0]).toBe('dns:failed');
    expect(failing(report)?.summary).toBe(
      "The name nonexistent.invalid does not exist: check the server's address for a typo.",
    );
    expect(report.steps.slice(1).every((s) => s.outcome === 'skipped')).toBe(true);
  });

  it('says a port where nothing listens refused the connection', async () => {
    const dead = await deadAddress();
    const report = await doctor(await open(), { serverUrl: dead });
    expect(outcomes(report).slice(0, 2)).toEqual(['dns:ok', 'tcp:failed']);
    expect(failing(report)?.summary).toBe(
      `The server at ${new URL(dead).host} refused the connection: nothing is listening on that port.`,
    );
    expect(report.text).toContain('2. TCP connection: FAILED.');
    expect(report.text).toContain('3. Proxy: not run.');
  });

  it('says the proxy refused, and resolves the proxy rather than the server', async () => {
    const gone = await startTestProxy();
    await gone.close();
    const core = await open({ HTTP_PROXY: gone.url });
    const report = await doctor(core, {
      serverUrl: `http://${HOST}:${new URL(server.url).port}`,
      allowInsecure: true,
    });
    expect(outcomes(report).slice(0, 2)).toEqual(['dns:ok', 'tcp:failed']);
    expect(failing(report)?.summary).toBe(
      `The proxy at ${gone.hostPort} refused the connection: nothing is listening on that port.`,
    );
    expect(report.text).toContain(`Proxy: ${gone.hostPort} (from the environment`);
  });

  it.each([
    ['garbage', 'answered with something that is not HTTP'],
    ['bad-gateway', `could not open a connection to ${HOST}`],
    ['hang-up', 'closed the connection without answering CONNECT'],
  ] as const)('names a proxy that answers CONNECT with %s', async (behaviour, words) => {
    proxy.behaviour = behaviour;
    const core = await open({ HTTP_PROXY: proxy.url });
    const report = await doctor(core, {
      serverUrl: `http://${HOST}:${new URL(server.url).port}`,
      allowInsecure: true,
    });
    expect(outcomes(report).slice(0, 3)).toEqual(['dns:ok', 'tcp:ok', 'proxy:failed']);
    expect(failing(report)?.summary).toContain(`The proxy at ${proxy.hostPort} ${words}`);
  });

  it('says the proxy wants credentials, and never puts the proxy password in the report', async () => {
    proxy.requireAuthorization = 'Basic not-what-perch-sends';
    const core = await open();
    await call(core, 'proxy.set', {
      mode: 'manual',
      url: proxy.url,
      username: 'ada',
      password: 'proxy-secret-pw',
    });
    const report = await doctor(core, {
      serverUrl: `http://${HOST}:${new URL(server.url).port}`,
      allowInsecure: true,
    });
    expect(failing(report)).toMatchObject({ step: 'proxy' });
    expect(failing(report)?.summary).toContain(
      'asks for credentials (407) and refused the ones Perch sent',
    );
    expect(report.text).not.toContain('proxy-secret-pw');
    expect(report.text).not.toContain(Buffer.from('ada:proxy-secret-pw').toString('base64'));
  });

  it('passes through a working proxy and checks the account there', async () => {
    const core = await open({ HTTP_PROXY: proxy.url });
    const accountId = await signedIn(core, `http://${HOST}:${new URL(server.url).port}`);
    const report = await doctor(core, { accountId });
    expect(outcomes(report)).toEqual([
      'dns:ok',
      'tcp:ok',
      'proxy:ok',
      'tls:skipped',
      'http:ok',
      'settings:ok',
      'credentials:ok',
    ]);
  });

  it('describes a certificate that does not verify', async () => {
    const tls = await createSelfSigned();
    const site = createHttpsServer(tls, (_req, res) => res.end('{}'));
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    closers.push(() => new Promise<void>((ok) => site.close(() => ok())));
    const port = (site.address() as AddressInfo).port;
    const report = await doctor(await open(), { serverUrl: `https://localhost:${port}` });
    expect(outcomes(report).slice(0, 4)).toEqual([
      'dns:ok',
      'tcp:ok',
      'proxy:skipped',
      'tls:failed',
    ]);
    const step = failing(report)!;
    expect(step.summary).toBe("The server's certificate is self-signed and not trusted.");
    expect(step.details).toEqual(
      expect.arrayContaining([
        'certificate subject: CN=localhost, O=Perch Tests Self-Signed',
        expect.stringMatching(/^certificate SHA-256: ([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      ]),
    );
  });

  it.each([
    [404, 'text/html', '<h1>Not found</h1>', 'http', 'The server answered "not found" (HTTP 404)'],
    [500, 'text/plain', 'oops', 'http', 'The server failed (HTTP 500)'],
    [200, 'text/html', '<html>a blog</html>', 'settings', 'The answer is not JSON (text/html)'],
  ] as const)('names a site that answers %s %s', async (status, type, body, step, words) => {
    const site = await startFakeSite(body, type, status);
    closers.push(site.close);
    const report = await doctor(await open(), { serverUrl: site.url });
    expect(failing(report)).toMatchObject({ step });
    expect(failing(report)?.summary).toContain(words);
  });

  it('says the server does not accept the account key', async () => {
    const core = await open();
    const accountId = await signedIn(core);
    // The key was replaced elsewhere (another device regenerated it): Perch's is refused.
    server.started.state.users.get(me.user_id)!.api_key = 'a-key-perch-does-not-have-0123';
    const report = await doctor(core, { accountId });
    expect(failing(report)).toMatchObject({
      step: 'credentials',
      summary: "The server does not accept this account's API key: sign in again.",
    });
    expect(report.text).not.toContain(me.api_key);
  });
});

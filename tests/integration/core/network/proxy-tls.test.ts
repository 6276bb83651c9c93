/**
 * A self-signed HTTPS server that this machine can reach only through an HTTP CONNECT
 * proxy, as in an office with an internal server: the certificate the user reviews is
 * read through the proxy, the pinned certificate is checked inside the tunnel, and the
 * long-poll delivers through it. The server is named `chat.perch.test`, which only the
 * test proxy resolves, so nothing can reach it directly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../../src/core/core.ts';
import { RecordingNotifier } from '../../../../src/core/notify/recorders.ts';
import { startServer, type StartedServer } from '../../../../src/server/index.ts';
import { createSelfSigned, type KeyAndCert } from '../../../fixtures/certificates.ts';
import { startTestProxy, type TestProxy } from '../../../fixtures/connect-proxy.ts';
import { eventually, person } from '../accounts/https-harness.ts';
import { messaging } from '../../../../src/server/messages/service.ts';
import type { UserRecord } from '../../../../src/server/state/types.ts';
import { MemorySecrets } from '../sync/memory-secrets.ts';
import { call, openCore } from './core-helpers.ts';

const HOST = 'chat.perch.test';

describe('a self-signed server behind a proxy', () => {
  let cert: KeyAndCert;
  let server: StartedServer;
  let proxy: TestProxy;
  let serverUrl: string;
  const cores: Core[] = [];

  beforeEach(async () => {
    cert = await createSelfSigned({ names: [HOST] });
    server = await startServer({ tls: cert });
    proxy = await startTestProxy({ hosts: { [HOST]: '127.0.0.1' } });
    serverUrl = `https://${HOST}:${new URL(server.url).port}`;
  });

  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
    await proxy.close();
    await server.close();
  });

  it('is reviewed, trusted and long-polled through the tunnel', async () => {
    const notifier = new RecordingNotifier();
    const core = await openCore(cores, {
      secrets: new MemorySecrets(),
      notifier,
      env: { HTTPS_PROXY: proxy.url },
    });

    // The review is what the server presents through the proxy, not a direct failure.
    const probe = await core.invoke('accounts.probe', { url: serverUrl });
    expect(probe.ok).toBe(false);
    if (probe.ok) return;
    expect(probe.error.apiCode).toBe('CERTIFICATE');
    const review = probe.error.details?.['certificate'] as {
      problem: string;
      certificate: { fingerprint: string; names: string[] };
    };
    expect(review.problem).toBe('self_signed');
    expect(review.certificate.names).toContain(HOST);

    const me = person(server, 'member');
    const account = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl,
      email: me.email,
      apiKey: me.api_key,
      trustCertificate: review.certificate.fingerprint,
    });
    await eventually(
      async () =>
        (await call<{ accountId: string; health: { state: string } }[]>(core, 'sync.status')).find(
          (s) => s.accountId === account.id,
        )?.health.state === 'polling',
      'the long-poll through the tunnel',
    );
    // Another user writes (on the server itself: its certificate names only the proxy's host).
    const sent = messaging(server.ctx).send({
      sender: server.state.users.get(person(server, 'admin').user_id) as UserRecord,
      dmUserIds: [me.user_id],
      content: 'through the tunnel',
    }).id;
    await eventually(() => notifier.notified.includes(sent), 'the long-poll to deliver it');
    expect(new Set(proxy.targets)).toEqual(new Set([`${HOST}:${new URL(server.url).port}`]));
  });
});

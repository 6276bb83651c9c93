/**
 * Perch through an HTTP CONNECT proxy, over loopback with real HTTP: the reference server is
 * named `chat.perch.test`, a name only the test proxy resolves, so every byte that reaches
 * it went through the proxy. Sign-in, messages, the long-poll, the proxy cutting tunnels
 * mid-poll, switching proxies while running, and each way a proxy fails.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import { NetworkError } from '../../../../src/api/errors.ts';
import { getServerSettings } from '../../../../src/api/routes/server.ts';
import type { Core } from '../../../../src/core/core.ts';
import { call, openCore } from './core-helpers.ts';
import { RecordingNotifier } from '../../../../src/core/notify/recorders.ts';
import type { Result } from '../../../../src/contract/contract.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import { startTestProxy, type TestProxy } from '../../../fixtures/connect-proxy.ts';
import { MemorySecrets } from '../sync/memory-secrets.ts';
import { ReferenceServer, person, send, until, untilAsync } from '../sync/harness.ts';

const HOST = 'chat.perch.test';

describe('through an HTTP CONNECT proxy', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let proxy: TestProxy;
  let notifier: RecordingNotifier;
  let me: ServerUser;
  let serverUrl: string;
  const cores: Core[] = [];

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock);
    me = person(server.started, 'member');
    proxy = await startTestProxy({ hosts: { [HOST]: '127.0.0.1' } });
    serverUrl = `http://${HOST}:${new URL(server.url).port}`;
    notifier = new RecordingNotifier();
  });

  afterEach(async () => {
    await Promise.all(cores.splice(0).map((c) => c.close()));
    await proxy.close();
    await server.close();
  });

  const open = (env: Record<string, string>) =>
    openCore(cores, { clock, secrets: new MemorySecrets(), notifier, env });

  async function health(core: Core) {
    return (await call<Result<'sync.status'>>(core, 'sync.status'))[0]?.health;
  }

  async function signIn(core: Core): Promise<void> {
    await call(core, 'accounts.signInWithKey', {
      serverUrl,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    await untilAsync(async () => (await health(core))?.state === 'polling', 'the long-poll');
  }

  const dm = (content: string) =>
    send(server.started, person(server.started, 'admin'), clock, {
      type: 'direct',
      to: [me.user_id],
      content,
    });

  it('signs in, long-polls and notifies through the environment proxy', async () => {
    const core = await open({ HTTP_PROXY: proxy.url, NO_PROXY: 'example.org' });
    await signIn(core);
    const id = await dm('through the proxy');
    await until(() => notifier.notified.includes(id), 'the notification');
    expect(proxy.targets.length).toBeGreaterThan(0);
    expect(new Set(proxy.targets)).toEqual(new Set([`${HOST}:${new URL(server.url).port}`]));
    expect(notifier.notified.filter((n) => n === id)).toHaveLength(1);
  });

  it('loses no message while the proxy drops tunnels mid-poll, and notifies each once', async () => {
    const core = await open({ HTTP_PROXY: proxy.url });
    await signIn(core);
    await until(() => proxy.openTunnels() > 0, 'the long-poll tunnel');

    // The proxy cuts the poll and, for a while, hangs up on every new tunnel.
    proxy.behaviour = 'hang-up';
    proxy.dropTunnels();
    const sent = [await dm('sent while the proxy was down'), await dm('and another')];
    await untilAsync(async () => (await health(core))?.state === 'backoff', 'the backoff');
    const failing = await health(core);
    expect(failing?.lastError).toMatch(/proxy at 127\.0\.0\.1:\d+/);

    // The proxy recovers; the queue retries once its backoff (at most a minute) is over.
    proxy.behaviour = 'tunnel';
    await clock.advance(60_000);
    await until(() => sent.every((id) => notifier.notified.includes(id)), 'both notifications');
    for (const id of sent) expect(notifier.notified.filter((n) => n === id)).toHaveLength(1);
  });

  it('moves the running long-poll to a new proxy chosen in Preferences, without a restart', async () => {
    const core = await open({ HTTP_PROXY: proxy.url });
    await signIn(core);
    const second = await startTestProxy({ hosts: { [HOST]: '127.0.0.1' } });
    try {
      await call(core, 'proxy.set', { mode: 'manual', url: second.url, username: '' });
      await until(() => second.openTunnels() > 0, 'the poll through the new proxy');
      const before = proxy.targets.length;
      const id = await dm('after the switch');
      await until(() => notifier.notified.includes(id), 'the notification');
      expect(proxy.targets.length).toBe(before);
      expect(await health(core)).toMatchObject({ state: 'polling' });
    } finally {
      await second.close();
    }
  });

  it('names each way the proxy fails, and fails instead of hanging', async () => {
    const client = (url: string) =>
      new ApiClient({ realmUrl: serverUrl, clock, connection: { proxy: { url } } });
    const failure = async (url: string): Promise<NetworkError> => {
      const c = client(url);
      try {
        await getServerSettings(c);
      } catch (err) {
        return err as NetworkError;
      } finally {
        await c.close();
      }
      throw new Error('the call succeeded');
    };
    const dead = await startTestProxy();
    await dead.close();
    const cases: [() => void, string | RegExp][] = [
      [() => undefined, 'refused the connection'],
      [() => (proxy.behaviour = 'hang-up'), 'closed the connection without answering'],
      [() => (proxy.behaviour = 'garbage'), 'answered with something that is not HTTP'],
      [
        () => (proxy.behaviour = 'bad-gateway'),
        'could not open a connection to the server (HTTP 502)',
      ],
      [
        () => {
          proxy.behaviour = 'tunnel';
          proxy.requireAuthorization = 'Basic c2VjcmV0';
        },
        'asks for credentials (407)',
      ],
    ];
    for (const [i, [arrange, words]] of cases.entries()) {
      arrange();
      const target = i === 0 ? dead : proxy;
      const err = await failure(target.url);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.kind).toBe('proxy');
      expect(err.message).toContain(`The proxy at ${target.hostPort}`);
      expect(err.message).toContain(words);
    }
  });

  it('says at sign-in that the proxy wants credentials', async () => {
    proxy.requireAuthorization = 'Basic c2VjcmV0';
    const core = await open({ HTTP_PROXY: proxy.url });
    const response = await core.invoke('accounts.probe', { url: serverUrl, allowInsecure: true });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.message).toBe(
      `Could not reach ${HOST}:${new URL(server.url).port}. The proxy at ${proxy.hostPort} asks for credentials (407); check the proxy user name and password in Preferences.`,
    );
    expect(response.error.apiCode).toBe('PROXY');
  });
});

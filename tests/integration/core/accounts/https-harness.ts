/**
 * The reference server on HTTPS and a Core signing in to it, for the certificate tests:
 * real TLS over loopback, the Core's RPC as the renderer calls it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../../../src/api/client.ts';
import type { ServerTrust } from '../../../../src/api/connection.ts';
import { sendMessage } from '../../../../src/api/routes/messages.ts';
import { MemorySecretStore } from '../../../../src/core/accounts/memory-secret-store.ts';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { RecordingNotifier } from '../../../../src/core/notify/recorders.ts';
import type { RpcErrorShape, RpcResponse } from '../../../../src/contract/errors.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import type { KeyAndCert } from '../../../fixtures/certificates.ts';

export function person(server: StartedServer, local: string): ServerUser {
  const found = server.users.find((u) => u.email === `${local}@perch.test`);
  if (!found) throw new Error(`no user ${local}`);
  return found;
}

/** Served on `localhost`, the name the test certificates carry. */
export function startHttpsServer(tls: KeyAndCert): Promise<StartedServer> {
  return startServer({ host: 'localhost', tls });
}

export class CoreUnderTest {
  private constructor(
    readonly core: Core,
    private readonly dataDir: string,
    /** What the Core showed as notifications: proof that a long-poll delivered a message. */
    readonly notifier: RecordingNotifier,
  ) {}

  static async open(): Promise<CoreUnderTest> {
    const dataDir = await mkdtemp(join(tmpdir(), 'perch-tls-'));
    const notifier = new RecordingNotifier();
    const core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecretStore(),
      notifier,
    });
    return new CoreUnderTest(core, dataDir, notifier);
  }

  async close(): Promise<void> {
    await this.core.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** The call's result; throws with the Core's message when it fails. */
  async call<R>(channel: string, args: unknown = {}): Promise<R> {
    const response = await this.core.invoke(channel, args);
    if (!response.ok) throw Object.assign(new Error(response.error.message), response.error);
    return response.result as R;
  }

  /** The error a call fails with (the test fails if it succeeds). */
  async failure(channel: string, args: unknown): Promise<RpcErrorShape> {
    const response: RpcResponse = await this.core.invoke(channel, args);
    if (response.ok) throw new Error(`${channel} succeeded; a failure was expected`);
    return response.error;
  }

  async signIn(server: StartedServer, user: ServerUser, trustCertificate?: string) {
    return this.call<{ id: string; attention?: unknown }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: user.email,
      apiKey: user.api_key,
      ...(trustCertificate ? { trustCertificate } : {}),
    });
  }

  async accounts() {
    return this.call<
      {
        id: string;
        serverUrl: string;
        trustedCertificate?: string;
        attention?: {
          code: string;
          message: string;
          certificate?: {
            trusted: string;
            presented?: { certificate: { fingerprint: string }; trustable?: unknown };
          };
        };
      }[]
    >('accounts.list');
  }

  async stateOf(accountId: string): Promise<string | undefined> {
    const statuses =
      await this.call<{ accountId: string; health: { state: string } }[]>('sync.status');
    return statuses.find((s) => s.accountId === accountId)?.health.state;
  }
}

/** Waits for real I/O until `check` holds; never sleeps a fixed time. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 10_000,
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
  }
}

/** Another user posts over HTTPS, trusting what the test says the server presents. */
export async function sendDirect(
  server: StartedServer,
  from: ServerUser,
  to: ServerUser,
  content: string,
  trust?: ServerTrust,
): Promise<number> {
  const client = new ApiClient({
    realmUrl: server.url,
    email: from.email,
    apiKey: from.api_key,
    ...(trust ? { connection: { trust } } : {}),
  });
  try {
    return (await sendMessage(client, { type: 'direct', to: [to.user_id], content })).data.id;
  } finally {
    await client.close();
  }
}

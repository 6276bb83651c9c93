/**
 * An account's key is read from the OS keychain once, not on every call the account makes:
 * with the keychain a read is a D-Bus round trip to the Secret Service, and with the window
 * on Messages every arriving message is marked read by a call of its own (bench/README.md,
 * `background`). Run against the real Secret Service (gnome-keyring in a private D-Bus
 * session, scripts/with-keyring.sh), under a service name of the test's own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeytarSecretStore, type SecretStore } from '../../../../src/core/accounts/secret-store.ts';
import type { Core } from '../../../../src/core/core.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { call, openCore } from '../network/core-helpers.ts';
import { send, untilAsync } from '../sync/harness.ts';

const available = process.env.PERCH_KEYRING_READY === '1';
if (!available && process.env.PERCH_REQUIRE_KEYRING === '1') {
  throw new Error(
    'A real keychain is required here: run the tests through scripts/with-keyring.sh',
  );
}

/** The real keychain, with each read of an entry counted. */
class CountedKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly reads = new Map<string, number>();
  constructor(readonly inner: SecretStore) {}
  get(id: string) {
    this.reads.set(id, (this.reads.get(id) ?? 0) + 1);
    return this.inner.get(id);
  }
  set(id: string, secret: string) {
    return this.inner.set(id, secret);
  }
  delete(id: string) {
    return this.inner.delete(id);
  }
}

describe.skipIf(!available)("an account's key, read from the real keychain", () => {
  let server: StartedServer;
  let dataDir: string;
  let keychain: CountedKeychain;
  let me: ServerUser;
  let owner: ServerUser;
  const open: Core[] = [];

  const start = () => openCore(open, { dataDir, secrets: keychain });
  async function polling(core: Core, accountId: string): Promise<void> {
    await untilAsync(async () => {
      const statuses = await call<{ accountId: string; health: { state: string } }[]>(
        core,
        'sync.status',
      );
      return statuses.some((s) => s.accountId === accountId && s.health.state === 'polling');
    }, 'the account to be watched');
  }
  /** Three direct messages to me, each marked read from Perch by a call of its own. */
  async function readThree(core: Core, accountId: string): Promise<void> {
    for (let i = 0; i < 3; i++) {
      const id = await send(server, owner, new ManualClock(), {
        type: 'direct',
        to: [me.user_id],
        content: `note ${i}`,
      });
      await call(core, 'messages.markRead', { accountId, messageIds: [id] });
      expect(await flagsOnServer(id)).toContain('read');
    }
  }
  /** The message's flags as the server holds them for me. */
  async function flagsOnServer(messageId: number): Promise<string[]> {
    const response = await fetch(`${server.url}/api/v1/messages/${messageId}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${me.email}:${me.api_key}`).toString('base64')}`,
      },
    });
    const body = (await response.json()) as { message: { flags: string[] } };
    return body.message.flags;
  }

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'perch-key-reads-'));
    keychain = new CountedKeychain(
      await KeytarSecretStore.open(`perch-test-${randomBytes(4).toString('hex')}`),
    );
    owner = server.users[0]!;
    me = server.users.find((u) => u.role === 400)!;
  });

  afterEach(async () => {
    for (const core of open.splice(0)) await core.close();
    await server.close();
  });

  it('is read once after a start, and not at all after a sign-in, however many calls follow', async () => {
    const first = await start();
    const { id } = await call<{ id: string }>(first, 'accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    await polling(first, id);
    await readThree(first, id);
    expect(keychain.reads.get(id) ?? 0).toBe(0);
    await first.close();
    open.length = 0;

    const second = await start();
    await polling(second, id);
    await readThree(second, id);
    expect(keychain.reads.get(id)).toBe(1);
    await call(second, 'accounts.signOut', { accountId: id });
    expect(await keychain.inner.get(id)).toBeUndefined();
  });

  it('is the new key from a sign-in again on, once the server refused the old one', async () => {
    const core = await start();
    const signIn = () =>
      call<{ id: string }>(core, 'accounts.signInWithKey', {
        serverUrl: server.url,
        email: me.email,
        apiKey: me.api_key,
        allowInsecure: true,
      });
    const { id } = await signIn();
    await polling(core, id);
    // The key was changed elsewhere (another device regenerated it).
    const record = server.state.users.get(me.user_id)!;
    record.api_key = randomBytes(16).toString('hex');
    me = { ...me, api_key: record.api_key };
    const refused = await core.invoke('messages.markRead', { accountId: id, messageIds: [1] });
    expect(refused.ok).toBe(false);

    expect((await signIn()).id).toBe(id);
    await readThree(core, id);
    expect(await keychain.inner.get(id)).toContain(record.api_key);
    await call(core, 'accounts.signOut', { accountId: id });
  });
});

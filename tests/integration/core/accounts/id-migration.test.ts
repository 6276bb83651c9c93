/**
 * A data directory of an earlier Perch, whose account ids were `email@origin`: at the first
 * start the account gets a random id and nothing of the email is left in the data directory
 * or the keychain's entry names, its key, drafts and muted conversations carry over, and
 * signing in again finds the same account (docs/architecture.md, "The cache on disk").
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { everyFile } from '../cache/data-dir-files.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DraftStore } from '../../../../src/core/compose/drafts.ts';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { systemClock } from '../../../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';
import { untilAsync } from '../sync/harness.ts';

interface Summary {
  id: string;
  email: string;
}

describe('an account of an earlier Perch', () => {
  let server: StartedServer;
  let dataDir: string;
  let keychain: TestKeychain;
  let me: ServerUser;
  let oldId: string;
  const open: Core[] = [];

  async function start(): Promise<Core> {
    const core = await createCore({ dataDir, version: 't', transport: 'web', secrets: keychain });
    open.push(core);
    return core;
  }
  async function call<R>(core: Core, channel: string, args: unknown = {}): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'perch-ids-'));
    keychain = new TestKeychain();
    me = server.users.find((u) => !u.email.includes('bot'))!;
    oldId = `${me.email}@${new URL(server.url).origin}`;
    // As an earlier Perch left it: the email in accounts.json, in the id, in every name.
    const account = {
      id: oldId,
      serverUrl: server.url,
      email: me.email,
      userId: me.user_id,
      fullName: '',
      role: me.role,
      realmName: 'Old name',
      featureLevel: 400,
      addedAt: 1,
    };
    await writeFile(
      join(dataDir, 'accounts.json'),
      JSON.stringify({ version: 1, accounts: [account] }),
    );
    await writeFile(
      join(dataDir, 'preferences.json'),
      JSON.stringify({ mutedDms: { [oldId]: ['9'] } }),
    );
    keychain.keys.set(oldId, me.api_key);
    const drafts = new DraftStore(dataDir, systemClock, () => keychain);
    await drafts.save(oldId, { key: 'stream:1:plans', content: 'Half a thought', topic: 'plans' });
    await drafts.settled();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await server.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gets a random id, keeps its key, drafts and mutes, and leaves its email nowhere', async () => {
    const core = await start();
    const [account] = await call<Summary[]>(core, 'accounts.list');
    expect(account?.id).not.toBe(oldId);
    expect(account?.id).not.toContain(me.email);
    await untilAsync(
      async () => (await call<Summary[]>(core, 'accounts.list'))[0]?.email === me.email,
      'the email read from the keychain',
    );
    await untilAsync(
      async () =>
        (await call<{ accountId: string; health: { state: string } }[]>(core, 'sync.status'))[0]
          ?.health.state === 'polling',
      'the account polling with its moved key',
    );
    const drafts = await call<{ content: string }[]>(core, 'drafts.list', {
      accountId: account!.id,
    });
    expect(drafts.map((d) => d.content)).toEqual(['Half a thought']);
    const prefs = await call<{ mutedDms?: Record<string, string[]> }>(core, 'prefs.get');
    expect(prefs.mutedDms).toEqual({ [account!.id]: ['9'] });
    await Promise.all(open.splice(0).map((c) => c.close()));

    for (const name of keychain.keys.keys()) expect(name).not.toContain(me.email);
    for (const { path, bytes } of await everyFile(dataDir))
      expect(bytes.includes(Buffer.from(me.email)), `the email in ${path}`).toBe(false);

    // Again after a restart: the same account, its email known, signing in again finds it.
    const again = await start();
    await untilAsync(
      async () => (await call<Summary[]>(again, 'accounts.list'))[0]?.email === me.email,
      'the email read after a restart',
    );
    const signedIn = await call<Summary>(again, 'accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
      allowInsecure: true,
    });
    expect(signedIn.id).toBe(account!.id);
    expect((await call<Summary[]>(again, 'accounts.list')).map((a) => a.id)).toEqual([account!.id]);
  });
});

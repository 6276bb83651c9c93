/**
 * Issue 12 point 5 through the Core over real HTTP: the organization's custom emoji reach
 * the renderer, and another user deactivating one pushes `emoji.realmChanged`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';
import { byEmail, ok } from '../server/messaging-client.ts';

describe('emoji.realm and emoji.realmChanged', () => {
  let server: StartedServer;
  let core: Core;
  const pushed: { topic: string; payload: unknown }[] = [];

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-emoji-')),
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    pushed.length = 0;
    core.subscribe((topic, payload) => pushed.push({ topic, payload }));
  });
  afterEach(async () => {
    await core.close();
    await server.close();
  });

  async function call<R>(channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(`${response.error.apiCode}: ${response.error.message}`);
    return response.result as R;
  }

  it('lists the custom emoji and says when someone deactivates one', async () => {
    const owner = byEmail(server, 'owner');
    const { id: accountId } = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    });
    await expect
      .poll(async () => (await call<{ health: { state: string } }[]>('sync.status', {}))[0])
      .toMatchObject({ health: { state: 'polling' } });

    type Listed = { name: string; source_url: string; deactivated: boolean };
    const before = await call<Listed[]>('emoji.realm', { accountId });
    expect(before.map((e) => [e.name, e.deactivated])).toEqual([
      ['party_parrot', false],
      ['perch_logo', false],
    ]);
    expect(before[0]?.source_url).toMatch(/^\/user_avatars\//);

    await ok(server, byEmail(server, 'admin'), 'DELETE', '/realm/emoji/perch_logo');
    await expect
      .poll(() => pushed.filter((p) => p.topic === 'emoji.realmChanged'))
      .toEqual([{ topic: 'emoji.realmChanged', payload: { accountId } }]);
    const after = await call<Listed[]>('emoji.realm', { accountId });
    expect(after.find((e) => e.name === 'perch_logo')?.deactivated).toBe(true);
  });
});

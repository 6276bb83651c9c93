/**
 * Unsent drafts survive Perch being quit and opened again. The Core keeps them per account in
 * its data directory; deleting one (or signing out) takes it off disk, the newest 100 are kept,
 * and a damaged file neither stops the Core nor is overwritten.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { MAX_DRAFTS } from '../../../src/core/compose/drafts.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail } from '../server/messaging-client.ts';
import { TestKeychain } from '../../fixtures/test-keychain.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

type Draft = { key: string; content: string; topic: string; where?: string };

describe('drafts across restarts of the Core', () => {
  let server: StartedServer;
  let dataDir: string;
  let secrets: TestKeychain;
  let clock: ManualClock;
  const open: Core[] = [];
  let accountId: string;

  async function start(): Promise<Core> {
    const core = await createCore({ dataDir, version: 't', transport: 'web', secrets, clock });
    open.push(core);
    return core;
  }
  async function restart(core: Core): Promise<Core> {
    open.splice(open.indexOf(core), 1);
    await core.close();
    return start();
  }
  async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }
  const list = (core: Core) => call<Draft[]>(core, 'drafts.list', { accountId });
  const save = (core: Core, draft: Omit<Draft, 'where'> & { where?: string }) =>
    call(core, 'drafts.save', { accountId, draft });
  async function filesText(): Promise<string> {
    const dir = join(dataDir, 'drafts');
    const names = await readdir(dir).catch(() => [] as string[]);
    const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
    return texts.join('\n');
  }

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'perch-drafts-'));
    secrets = new TestKeychain();
    clock = new ManualClock(Date.UTC(2026, 10, 25, 9, 0));
    const owner = byEmail(server, 'owner');
    ({ id: accountId } = await call<{ id: string }>(await start(), 'accounts.signInWithKey', {
      serverUrl: server.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    }));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await server.close();
  });

  it('a restarted Core lists the drafts it kept, newest first; a deleted one is gone from disk', async () => {
    let core = open[0]!;
    await save(core, {
      key: 'channel:general topic:deploys',
      content: 'Rolling back at noon',
      topic: 'deploys',
      where: '#general > deploys',
    });
    await clock.advance(1000);
    await save(core, { key: 'dm:12', content: 'Lunch on Friday?', topic: '' });

    core = await restart(core);
    expect(await list(core)).toMatchObject([
      { key: 'dm:12', content: 'Lunch on Friday?' },
      { key: 'channel:general topic:deploys', content: 'Rolling back at noon', topic: 'deploys' },
    ]);

    await call(core, 'drafts.delete', { accountId, key: 'dm:12' });
    expect(await filesText()).not.toContain('Lunch on Friday?');
    // Emptied text is no draft either.
    await save(core, { key: 'channel:general topic:deploys', content: '  ', topic: 'deploys' });
    expect(await filesText()).not.toContain('Rolling back');
    core = await restart(core);
    expect(await list(core)).toEqual([]);
  });

  it(`keeps the newest ${MAX_DRAFTS}, and signing out removes them`, async () => {
    let core = open[0]!;
    for (let i = 0; i < MAX_DRAFTS + 3; i++) {
      await save(core, { key: `topic:t${i}`, content: `draft ${i}`, topic: `t${i}` });
      await clock.advance(1000);
    }
    core = await restart(core);
    const kept = await list(core);
    expect(kept).toHaveLength(MAX_DRAFTS);
    expect(kept[0]?.content).toBe(`draft ${MAX_DRAFTS + 2}`);
    expect(kept.some((d) => d.content === 'draft 2')).toBe(false);

    await call(core, 'accounts.signOut', { accountId });
    expect(await filesText()).not.toContain('draft');
  });

  it('a damaged drafts file is set aside, not overwritten, and the Core starts', async () => {
    let core = open[0]!;
    await save(core, { key: 'topic:x', content: 'keep me', topic: 'x' });
    await core.close();
    open.splice(0);
    const dir = join(dataDir, 'drafts');
    const [name] = await readdir(dir);
    await writeFile(join(dir, name!), '{ not json');
    core = await start();
    // Only the server's copy (drafts synchronization) may bring the text back, not the file.
    expect((await list(core)).map((d) => d.key)).not.toContain('topic:x');
    await save(core, { key: 'topic:y', content: 'new one', topic: 'y' });
    expect(await readdir(dir)).toContain(`${name}.unreadable`);
  });

  it('keeps no word in clear on disk, and seals a plain file of an earlier Perch once, then deletes it', async () => {
    let core = open[0]!;
    await core.close();
    open.splice(0);
    // An earlier Perch left its drafts and outbox in a plain file.
    const dir = join(dataDir, 'drafts');
    await mkdir(dir, { recursive: true });
    const name = createHash('sha256').update(accountId).digest('hex').slice(0, 24);
    await writeFile(
      join(dir, `${name}.json`),
      JSON.stringify({
        accountId,
        drafts: [
          { key: 'topic:old', content: 'Written before the upgrade', topic: 'old', updatedAt: 1 },
        ],
        outbox: [
          {
            localId: 'kept-1',
            to: { type: 'stream', streamId: 1, topic: 'old' },
            content: 'Queued before the upgrade',
            createdAt: 1,
            state: 'failed',
            reason: 'The server does not have it.',
          },
        ],
      }),
    );
    core = await start();
    expect(await list(core)).toMatchObject([
      { key: 'topic:old', content: 'Written before the upgrade' },
    ]);
    const outbox = await call<{ content: string }[]>(core, 'outbox.list', { accountId });
    expect(outbox).toMatchObject([{ content: 'Queued before the upgrade' }]);
    expect(await readdir(dir)).toEqual([`${name}.drafts`]);
    expect(await filesText()).not.toContain('before the upgrade');
    await save(core, { key: 'topic:secret', content: 'The merger closes Friday', topic: 'secret' });
    expect(await filesText()).not.toContain('merger');
    // Read once: the next start finds them in the sealed file.
    core = await restart(core);
    expect(await list(core)).toMatchObject([{ key: 'topic:secret' }, { key: 'topic:old' }]);
  });

  it('with keys kept in memory writes nothing, and keeps drafts and queued sends for the run', async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    const memoryDir = await mkdtemp(join(tmpdir(), 'perch-drafts-memory-'));
    const core = await createCore({
      dataDir: memoryDir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
      clock,
    });
    open.push(core);
    const owner = byEmail(server, 'owner');
    ({ id: accountId } = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl: server.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    }));
    await save(core, { key: 'topic:mem', content: 'Only for this run', topic: 'mem' });
    expect(await list(core)).toMatchObject([{ content: 'Only for this run' }]);
    expect(await readdir(join(memoryDir, 'drafts')).catch(() => [])).toEqual([]);
  });
});

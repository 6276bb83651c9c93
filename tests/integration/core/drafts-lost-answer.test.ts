/**
 * Issue 21 point 5: draft synchronization through a connection that loses answers. A gate
 * in front of the reference server forwards `POST /drafts` and cuts its answer, so the
 * server holds a copy the Core was never told of. The Core finds that copy (listing the
 * server's drafts) instead of making a second; once the text is sent, the copy goes, and a
 * restart brings nothing back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import { getDrafts } from '../../../src/api/routes/drafts.ts';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail } from '../server/messaging-client.ts';
import { Gate } from './sync/harness.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

describe('draft synchronization when an answer is lost', () => {
  let server: StartedServer;
  let gate: Gate;
  let member: ServerUser;
  let api: ApiClient;
  let dir: string;
  const open: Core[] = [];

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    gate = await Gate.open(server.url);
    member = byEmail(server, 'member');
    api = new ApiClient({ realmUrl: server.url, email: member.email, apiKey: member.api_key });
    dir = await mkdtemp(join(tmpdir(), 'perch-drafts-lost-'));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await api.close();
    await gate.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  /** A Core on the test's data directory, signed in through the gate (again after a restart). */
  async function start(): Promise<{ core: Core; accountId: string }> {
    const core = await createCore({
      dataDir: dir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    open.push(core);
    const { id: accountId } = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl: gate.url,
      email: member.email,
      apiKey: member.api_key,
      allowInsecure: true,
    });
    await expect
      .poll(async () => (await call<{ health: { state: string } }[]>(core, 'sync.status', {}))[0])
      .toMatchObject({ health: { state: 'polling' } });
    return { core, accountId };
  }

  async function restart(core: Core) {
    await core.close();
    open.splice(open.indexOf(core), 1);
    return start();
  }

  const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const onServer = async () => (await getDrafts(api)).data.drafts;
  const draft = (content: string) => ({
    key: 'channel:general topic:plans',
    topic: 'plans',
    target: { type: 'stream', streamId: general().stream_id, channel: 'general' },
    content,
  });
  /** Cuts the answer of the first `POST /drafts` only. */
  function loseFirstCreate() {
    let cut = 0;
    gate.cutAnswer = (seen) => seen === 'POST /api/v1/drafts' && cut++ === 0;
  }

  it('the copy a lost answer left is found, edited, and deleted once the text is sent', async () => {
    const { core, accountId } = await start();
    loseFirstCreate();
    await call(core, 'drafts.save', { accountId, draft: draft('Ship on Monday') });
    await call(core, 'drafts.save', { accountId, draft: draft('Ship on Monday, early') });
    expect(await onServer()).toMatchObject([{ topic: 'plans', content: 'Ship on Monday, early' }]);
    expect(gate.seen.filter((s) => s === 'POST /api/v1/drafts')).toHaveLength(1);

    // Sent: compose's draft goes.
    await call(core, 'drafts.delete', { accountId, key: draft('').key });
    expect(await onServer()).toEqual([]);
    const again = await restart(core);
    expect(await call(again.core, 'drafts.list', { accountId: again.accountId })).toEqual([]);
    expect(await onServer()).toEqual([]);
  });

  it('a copy not found before a restart is adopted after it, and goes when the text is sent', async () => {
    const { core, accountId } = await start();
    loseFirstCreate();
    // The list that would find the copy is lost too.
    gate.drop = (seen) => seen === 'GET /api/v1/drafts';
    await call(core, 'drafts.save', { accountId, draft: draft('Ship on Monday') });
    expect(await onServer()).toHaveLength(1);
    gate.drop = undefined;

    const again = await restart(core);
    const listed = await call<{ content: string }[]>(again.core, 'drafts.list', {
      accountId: again.accountId,
    });
    expect(listed).toMatchObject([{ content: 'Ship on Monday' }]);
    expect(await onServer()).toHaveLength(1);

    await call(again.core, 'drafts.delete', { accountId: again.accountId, key: draft('').key });
    expect(await onServer()).toEqual([]);
    const third = await restart(again.core);
    expect(await call(third.core, 'drafts.list', { accountId: third.accountId })).toEqual([]);
  });
});

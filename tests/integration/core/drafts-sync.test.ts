/**
 * Drafts copied to the server for a user with `enable_drafts_synchronization` on: what the
 * Core keeps is created, edited and deleted there; a draft made on another device shows in
 * a Core's list; one deleted elsewhere leaves it at the next start; with the setting off,
 * nothing leaves the machine. A create whose answer is lost leaves one server copy, found by
 * listing the server's drafts (now or after a restart), and deleted once the text is sent.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.ts';
import { createDrafts, deleteDraft, getDrafts } from '../../../src/api/routes/drafts.ts';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { byEmail } from '../server/messaging-client.ts';
import { Gate } from './sync/harness.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';

type Listed = { key: string; content: string; serverId?: number; recipient?: unknown };

describe('drafts synchronized with the server', () => {
  let server: StartedServer;
  let member: ServerUser;
  let api: ApiClient;
  const open: Core[] = [];

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    member = byEmail(server, 'member');
    api = new ApiClient({ realmUrl: server.url, email: member.email, apiKey: member.api_key });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await api.close();
    await server.close();
  });

  async function call<R>(core: Core, channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }

  /** A Core on a data directory of its own (another device), signed in and following. */
  async function device(
    dataDir?: string,
    serverUrl = server.url,
  ): Promise<{ core: Core; accountId: string; dir: string }> {
    const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'perch-drafts-sync-')));
    const core = await createCore({
      dataDir: dir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecrets(),
    });
    open.push(core);
    const { id: accountId } = await call<{ id: string }>(core, 'accounts.signInWithKey', {
      serverUrl,
      email: member.email,
      apiKey: member.api_key,
      allowInsecure: true,
    });
    await expect
      .poll(async () => (await call<{ health: { state: string } }[]>(core, 'sync.status', {}))[0])
      .toMatchObject({ health: { state: 'polling' } });
    return { core, accountId, dir };
  }

  const general = () => [...server.state.channels.values()].find((c) => c.name === 'general')!;
  const onServer = async () => (await getDrafts(api)).data.drafts;
  const target = () => ({ type: 'stream', streamId: general().stream_id, channel: 'general' });

  it('a kept draft is created, edited and deleted on the server', async () => {
    const { core, accountId } = await device();
    const draft = { key: 'channel:general topic:plans', topic: 'plans', target: target() };
    await call(core, 'drafts.save', { accountId, draft: { ...draft, content: 'Ship on Monday' } });
    const [created] = await onServer();
    expect(created).toMatchObject({
      type: 'stream',
      to: [general().stream_id],
      topic: 'plans',
      content: 'Ship on Monday',
    });

    await call(core, 'drafts.save', { accountId, draft: { ...draft, content: 'Ship on Tuesday' } });
    expect(await onServer()).toMatchObject([{ id: created!.id, content: 'Ship on Tuesday' }]);

    await call(core, 'drafts.delete', { accountId, key: draft.key });
    expect(await onServer()).toEqual([]);
  });

  it('another device’s draft is listed; one deleted elsewhere goes at the next start', async () => {
    const { ids } = (
      await createDrafts(api, [
        {
          type: 'stream',
          to: [general().stream_id],
          topic: 'from phone',
          content: 'Typed on the bus',
        },
      ])
    ).data;
    const first = await device();
    const listed = await call<Listed[]>(first.core, 'drafts.list', { accountId: first.accountId });
    expect(listed).toMatchObject([
      {
        key: 'channel:general topic:"from phone"',
        content: 'Typed on the bus',
        serverId: ids[0],
        recipient: { type: 'stream', channel: 'general' },
      },
    ]);

    await deleteDraft(api, ids[0]!);
    await first.core.close();
    open.splice(open.indexOf(first.core), 1);
    const again = await device(first.dir);
    expect(await call<Listed[]>(again.core, 'drafts.list', { accountId: again.accountId })).toEqual(
      [],
    );
  });

  it('with synchronization off, drafts stay on this machine', async () => {
    server.state.users.get(member.user_id)!.settings.enable_drafts_synchronization = false;
    const { core, accountId } = await device();
    await call(core, 'drafts.save', {
      accountId,
      draft: { key: 'topic:x', topic: 'x', target: target(), content: 'only here' },
    });
    expect(await call<Listed[]>(core, 'drafts.list', { accountId })).toMatchObject([
      { content: 'only here' },
    ]);
    server.state.users.get(member.user_id)!.settings.enable_drafts_synchronization = true;
    expect(await onServer()).toEqual([]);
  });

  // A gate in front of the server forwards `POST /drafts` and cuts its
  // answer, so the server holds a copy the Core was never told of.
  describe('when an answer is lost', () => {
    let gate: Gate;
    beforeEach(async () => {
      gate = await Gate.open(server.url);
    });
    afterEach(() => gate.close());

    /** A Core on `dir` (a new one when undefined) reaching the server through the gate. */
    const start = (dir?: string) => device(dir, gate.url);
    async function restart(running: { core: Core; dir: string }) {
      await running.core.close();
      open.splice(open.indexOf(running.core), 1);
      return start(running.dir);
    }
    const draft = (content: string) => ({
      key: 'channel:general topic:plans',
      topic: 'plans',
      target: target(),
      content,
    });
    /** Cuts the answer of the first `POST /drafts` only. */
    function loseFirstCreate() {
      let cut = 0;
      gate.cutAnswer = (seen) => seen === 'POST /api/v1/drafts' && cut++ === 0;
    }

    it('the copy a lost answer left is found, edited, and deleted once the text is sent', async () => {
      const first = await start();
      const { core, accountId } = first;
      loseFirstCreate();
      await call(core, 'drafts.save', { accountId, draft: draft('Ship on Monday') });
      await call(core, 'drafts.save', { accountId, draft: draft('Ship on Monday, early') });
      expect(await onServer()).toMatchObject([
        { topic: 'plans', content: 'Ship on Monday, early' },
      ]);
      expect(gate.seen.filter((s) => s === 'POST /api/v1/drafts')).toHaveLength(1);

      // Sent: compose's draft goes.
      await call(core, 'drafts.delete', { accountId, key: draft('').key });
      expect(await onServer()).toEqual([]);
      const again = await restart(first);
      expect(await call(again.core, 'drafts.list', { accountId: again.accountId })).toEqual([]);
      expect(await onServer()).toEqual([]);
    });

    it('a copy not found before a restart is adopted after it, and goes when the text is sent', async () => {
      const first = await start();
      const { core, accountId } = first;
      loseFirstCreate();
      // The list that would find the copy is lost too.
      gate.drop = (seen) => seen === 'GET /api/v1/drafts';
      await call(core, 'drafts.save', { accountId, draft: draft('Ship on Monday') });
      expect(await onServer()).toHaveLength(1);
      gate.drop = undefined;

      const again = await restart(first);
      const listed = await call<{ content: string }[]>(again.core, 'drafts.list', {
        accountId: again.accountId,
      });
      expect(listed).toMatchObject([{ content: 'Ship on Monday' }]);
      expect(await onServer()).toHaveLength(1);

      await call(again.core, 'drafts.delete', { accountId: again.accountId, key: draft('').key });
      expect(await onServer()).toEqual([]);
      const third = await restart(again);
      expect(await call(third.core, 'drafts.list', { accountId: third.accountId })).toEqual([]);
    });
  });
});

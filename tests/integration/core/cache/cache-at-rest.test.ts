/**
 * The cache on disk after a real session with five accounts (docs/architecture.md, "The
 * cache on disk"): nothing a reader could read in it, a restart that shows the saved Inbox
 * with the server gone, and a damaged, cut or wrongly keyed copy that only costs the head
 * start, said in words in Activity.
 */
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { everyFile } from './data-dir-files.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { send } from '../../server/messaging-client.ts';
import { untilAsync } from '../sync/harness.ts';
import { encodeCredential } from '../../../../src/core/accounts/credential.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';

interface Status {
  accountId: string;
  health: { state: string };
  cache?: {
    on: boolean;
    showingSavedAt: number | null;
    note: { text: string; code: string } | null;
  };
}
interface InboxAccount {
  accountId: string;
  rows?: { unread?: number }[];
  [k: string]: unknown;
}

describe('the cache on disk after a session with five accounts', () => {
  let server: StartedServer;
  let dataDir: string;
  let keychain: TestKeychain;
  const open: Core[] = [];
  let readers: ServerUser[];
  let sender: ServerUser;
  const texts: string[] = [];
  let ids: string[];

  async function start(): Promise<Core> {
    const core = await createCore({ dataDir, version: 't', transport: 'web', secrets: keychain });
    open.push(core);
    return core;
  }
  async function stop(core: Core): Promise<void> {
    open.splice(open.indexOf(core), 1);
    await core.close();
  }
  async function call<R>(core: Core, channel: string, args: unknown = {}): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }
  const statuses = (core: Core) => call<Status[]>(core, 'sync.status');
  const allPolling = (core: Core) =>
    untilAsync(
      async () => (await statuses(core)).filter((s) => s.health.state === 'polling').length === 5,
      'every account polling',
    );
  const unreadOf = async (core: Core) => {
    const inbox = await call<{ accounts: InboxAccount[] }>(core, 'inbox.get');
    return JSON.stringify(inbox.accounts);
  };

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'perch-cache-'));
    keychain = new TestKeychain();
    const humans = server.users.filter((u) => !u.email.includes('bot'));
    readers = humans.slice(0, 5);
    sender = humans[5]!;
    texts.length = 0;
    for (const [i, reader] of readers.entries()) {
      const text = `Confidential plan number ${i} for ${reader.user_id}`;
      texts.push(text);
      await send(server, sender, [reader.user_id], text);
    }
    texts.push('Quarterly numbers are in the vault');
    await send(server, sender, 'general', texts.at(-1)!, 'finance');
    const core = await start();
    ids = [];
    for (const reader of readers) {
      const { id } = await call<{ id: string }>(core, 'accounts.signInWithKey', {
        serverUrl: server.url,
        email: reader.email,
        apiKey: reader.api_key,
        allowInsecure: true,
      });
      ids.push(id);
    }
    await allPolling(core);
    // Each reader opens the conversation with the sender: its messages are kept.
    for (const [i, id] of ids.entries()) {
      const page = await call<{ messages: { content: string }[] }>(core, 'messages.fetch', {
        accountId: id,
        narrow: [{ operator: 'dm', operand: [sender.user_id] }],
        anchor: 'newest',
        numBefore: 50,
        numAfter: 0,
      });
      expect(page.messages.map((m) => m.content).join()).toContain(texts[i]);
    }
    await stop(core);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await server.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds no message text, name or email, nor any key in clear', async () => {
    const cacheFiles = await readdir(join(dataDir, 'cache'));
    expect(cacheFiles).toHaveLength(5);
    for (const name of cacheFiles)
      expect((await stat(join(dataDir, 'cache', name))).mode & 0o777).toBe(0o600);
    const secrets = [
      ...texts,
      sender.full_name,
      sender.email,
      ...readers.map((r) => r.email),
      ...readers.map((r) => r.full_name),
      ...readers.map((r) => r.api_key),
      ...[...keychain.keys.values()].flatMap((k) => [k, Buffer.from(k, 'base64').toString('hex')]),
    ];
    // Not even the readers' own names and emails: accounts.json keeps neither, the ids are
    // random (docs/architecture.md); nor do the keychain entries' names say who they are for.
    for (const name of keychain.keys.keys())
      for (const reader of readers) expect(name).not.toContain(reader.email);
    for (const { path, bytes } of await everyFile(dataDir)) {
      for (const secret of secrets) {
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${path}`).toBe(false);
        const raw = Buffer.from(secret, 'base64');
        if (raw.length === 32) expect(bytes.includes(raw), `a raw key in ${path}`).toBe(false);
      }
    }
  });

  it('after drafts, a send queued offline and a search, holds no word, name or key in clear', async () => {
    const core = await start();
    await allPolling(core);
    const written: string[] = [];
    for (const [i, id] of ids.entries()) {
      const draft = `Unsent thoughts on the budget, part ${i}`;
      written.push(draft);
      await call(core, 'drafts.save', {
        accountId: id,
        draft: { key: `dm:${sender.user_id}`, content: draft, topic: '' },
      });
    }
    // The server goes away: a reply waits in the outbox, kept on disk; a search reads the copy.
    await server.close();
    const queued = 'Reply written on the train with no signal';
    written.push(queued);
    await call(core, 'outbox.send', {
      accountId: ids[0],
      to: { type: 'direct', userIds: [sender.user_id] },
      content: queued,
    });
    await untilAsync(
      async () =>
        (await call<{ state: string }[]>(core, 'outbox.list', { accountId: ids[0] }))[0]?.state ===
        'waiting',
      'the reply waiting to send',
    );
    await call(core, 'messages.fetch', {
      accountId: ids[0],
      narrow: [{ operator: 'search', operand: 'Confidential plan' }],
      anchor: 'newest',
      numBefore: 50,
      numAfter: 0,
    }).catch(() => undefined);
    await stop(core);
    const secrets = [
      ...texts,
      ...written,
      sender.full_name,
      sender.email,
      ...readers.map((r) => r.email),
      ...readers.map((r) => r.full_name),
      ...readers.map((r) => r.api_key),
      ...[...keychain.keys.values()].flatMap((k) => [k, Buffer.from(k, 'base64').toString('hex')]),
    ];
    const files = await everyFile(dataDir);
    expect(files.some((f) => f.path.includes(`${join(dataDir, 'drafts')}/`))).toBe(true);
    for (const { path, bytes } of files)
      for (const secret of secrets)
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${path}`).toBe(false);
    // What was kept comes back whole after a restart.
    const again = await start();
    const outbox = await call<{ content: string }[]>(again, 'outbox.list', { accountId: ids[0] });
    expect(outbox.map((e) => e.content)).toEqual([queued]);
    const drafts = await call<{ content: string }[]>(again, 'drafts.list', { accountId: ids[1] });
    expect(drafts.map((d) => d.content)).toEqual([written[1]]);
  });

  it('shows the saved Inbox at once when every server is out of reach', async () => {
    await server.close();
    const core = await start();
    const inbox = await unreadOf(core);
    expect(inbox).toContain(String(sender.full_name));
    expect(inbox).toContain('finance');
    // Each organization says its rows are the saved copy: "Saved at 10:42 · out of reach".
    const heads = JSON.parse(inbox) as { savedAt?: number; stale: boolean }[];
    expect(heads.map((h) => [typeof h.savedAt, h.stale])).toEqual(
      Array.from({ length: 5 }, () => ['number', true]),
    );
    const cached = await statuses(core);
    expect(cached).toHaveLength(5);
    for (const s of cached) expect(s.cache?.showingSavedAt).toEqual(expect.any(Number));
    // The conversation each reader opened reads from the copy.
    for (const [i, id] of ids.entries()) {
      const page = await call<{ messages: { content: string }[] }>(core, 'messages.fetch', {
        accountId: id,
        narrow: [{ operator: 'dm', operand: [sender.user_id] }],
        anchor: 'newest',
        numBefore: 50,
        numAfter: 0,
      });
      expect(page.messages.map((m) => m.content).join()).toContain(texts[i]);
    }
  });

  it('starts afresh from a flipped byte, a cut file and a wrong key, and says so', async () => {
    const path = (id: string) => join(dataDir, 'cache', `${encodeURIComponent(id)}.cache`);
    const flipped = await readFile(path(ids[0]!));
    flipped[flipped.length - 5] = (flipped[flipped.length - 5] as number) ^ 0x20;
    await writeFile(path(ids[0]!), flipped);
    const cut = await readFile(path(ids[1]!));
    await writeFile(path(ids[1]!), cut.subarray(0, cut.length - 100));
    keychain.keys.set(`cache-key:${ids[2]}`, Buffer.alloc(32, 1).toString('base64'));
    const core = await start();
    const byId = new Map((await statuses(core)).map((s) => [s.accountId, s]));
    for (const id of ids.slice(0, 3)) {
      expect(byId.get(id)?.cache?.showingSavedAt).toBeNull();
      expect(byId.get(id)?.cache?.note?.text).toMatch(/was not used because .* It was deleted/);
    }
    for (const id of ids.slice(3)) expect(byId.get(id)?.cache?.note).toBeNull();
    // Each starts as it would with no copy, and catches up from the server.
    await allPolling(core);
    expect(await unreadOf(core)).toContain(String(sender.full_name));
    const left = await readdir(join(dataDir, 'cache'));
    expect(left.sort()).toEqual(
      ids
        .slice(3)
        .map((id) => `${encodeURIComponent(id)}.cache`)
        .sort(),
    );
  });

  it('is deleted with its key on sign-out and when the server refuses the account’s key', async () => {
    const path = (id: string) => join(dataDir, 'cache', `${encodeURIComponent(id)}.cache`);
    const exists = (id: string) =>
      stat(path(id)).then(
        () => true,
        () => false,
      );
    const refused = ids[4]!;
    keychain.keys.set(refused, encodeCredential(readers[4]!.email, 'not-the-key-the-server-knows'));
    const core = await start();
    await call(core, 'accounts.signOut', { accountId: ids[3] });
    expect(await exists(ids[3]!)).toBe(false);
    expect(keychain.keys.has(`cache-key:${ids[3]}`)).toBe(false);
    // The copy goes first, then its key (CacheKeeper.forget): both are waited for.
    await untilAsync(
      async () => !(await exists(refused)) && !keychain.keys.has(`cache-key:${refused}`),
      'the refused account’s copy and its key deleted',
    );
    expect(await exists(ids[0]!)).toBe(true);
  });
});

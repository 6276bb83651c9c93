/**
 * Reactions, stars and read marks made offline outlive a restart (docs/architecture.md,
 * "Writes"): kept sealed with the account's drafts, each reaches the server exactly once
 * when it answers after the restart, and one whose message was deleted meanwhile is dropped
 * with a sentence in Activity.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../src/core/core.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../../src/server/index.ts';
import { switchableServer, type SwitchableServer } from '../../../e2e/support/switchable-server.ts';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';
import { untilAsync } from '../sync/harness.ts';

interface Held {
  id: number;
  flags: string[];
  reactions: { emoji_name: string; user_id: number }[];
}
interface Status {
  health: { state: string };
  droppedWrite?: { text: string };
}

describe('writes made offline, across a restart', () => {
  let server: StartedServer;
  let hop: SwitchableServer;
  let dataDir: string;
  let keychain: TestKeychain;
  let core: Core;
  let owner: ServerUser;
  let other: ServerUser;
  let accountId: string;
  const seen: string[] = [];

  async function call<R>(channel: string, args: unknown = {}): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }
  async function held(id: number): Promise<Held> {
    const r = await ok(server, owner, 'GET', '/messages', {
      anchor: id,
      num_before: 0,
      num_after: 0,
      narrow: [],
    });
    return (r.messages as Held[])[0]!;
  }
  const status = async () => (await call<Status[]>('sync.status'))[0];
  const polling = async () => (await status())?.health.state === 'polling';
  const start = () => createCore({ dataDir, version: 't', transport: 'web', secrets: keychain });
  const count = (pattern: RegExp) => seen.filter((r) => pattern.test(r)).length;

  beforeEach(async () => {
    seen.length = 0;
    server = await startServer({ rateLimit: false });
    hop = await switchableServer(server.url, (r) => seen.push(`${r.method} ${r.path}`));
    dataDir = await mkdtemp(join(tmpdir(), 'perch-offline-restart-'));
    keychain = new TestKeychain();
    core = await start();
    owner = byEmail(server, 'owner');
    other = server.users.find((u) => u.user_id !== owner.user_id && !u.email.includes('bot'))!;
    ({ id: accountId } = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: hop.url,
      email: owner.email,
      apiKey: owner.api_key,
      allowInsecure: true,
    }));
    await untilAsync(polling, 'the account polling');
  });
  afterEach(async () => {
    await core.close();
    await hop.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends each write kept before quitting exactly once when the server answers after a start', async () => {
    const kept = await send(server, other, [owner.user_id], 'Did the shipment arrive?');
    const doomed = await send(server, other, [owner.user_id], 'Ignore this one');
    await untilAsync(async () => (await held(kept)).flags.includes('read') === false, 'unread');
    await hop.down();
    await untilAsync(async () => !(await polling()), 'the account out of reach');
    await call('messages.react', {
      accountId,
      messageId: kept,
      op: 'add',
      emojiName: 'thumbs_up',
      emojiCode: '1f44d',
      reactionType: 'unicode_emoji',
    });
    await call('messages.star', { accountId, messageId: kept, starred: true });
    await call('messages.markRead', { accountId, messageIds: [kept] });
    await call('messages.star', { accountId, messageId: doomed, starred: true });
    expect(await call<unknown[]>('messages.queuedWrites', { accountId })).toHaveLength(4);

    // Quit while offline; what waits is sealed on disk, not in clear.
    await core.close();
    for (const name of await readdir(join(dataDir, 'drafts')))
      expect(await readFile(join(dataDir, 'drafts', name), 'latin1')).not.toContain('thumbs_up');
    // The other message is deleted meanwhile.
    await ok(server, other, 'DELETE', `/messages/${doomed}`);
    core = await start();
    expect(await call<unknown[]>('messages.queuedWrites', { accountId })).toHaveLength(4);
    seen.length = 0;

    await hop.up();
    await call('sync.reconnect');
    await untilAsync(async () => {
      const m = await held(kept);
      return m.flags.includes('read') && m.flags.includes('starred') && m.reactions.length > 0;
    }, 'the reaction, the star and the read mark on the server');
    await untilAsync(
      async () => (await call<unknown[]>('messages.queuedWrites', { accountId })).length === 0,
      'the queue empty',
    );
    expect((await status())?.droppedWrite?.text).toBe(
      'Your star, made while the server could not be reached, was dropped: the message was deleted meanwhile.',
    );
    // Another registration and another start make none of them again.
    await call('sync.reconnect');
    await untilAsync(polling, 'polling again');
    await core.close();
    core = await start();
    await untilAsync(polling, 'polling after a second start');
    expect(await call<unknown[]>('messages.queuedWrites', { accountId })).toEqual([]);
    expect(count(/^POST \/api\/v1\/messages\/\d+\/reactions/)).toBe(1);
    // The star, the read mark and the refused star of the deleted message.
    expect(count(/^POST \/api\/v1\/messages\/flags$/)).toBe(3);
    const now = await held(kept);
    expect(now.reactions.filter((r) => r.user_id === owner.user_id)).toHaveLength(1);
  });
});

/**
 * Reactions, stars and read marks made while the server cannot be reached (docs/architecture.md,
 * "Writes"): none is refused, none is made while out of reach, and each reaches the server
 * exactly once when it answers again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
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

describe('writes made while the server is out of reach', () => {
  let server: StartedServer;
  let hop: SwitchableServer;
  let dataDir: string;
  let core: Core;
  let owner: ServerUser;
  let other: ServerUser;
  let accountId: string;

  async function call<R>(channel: string, args: unknown): Promise<R> {
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
  const polling = async () =>
    (await call<{ health: { state: string } }[]>('sync.status', {}))[0]?.health.state === 'polling';

  beforeEach(async () => {
    server = await startServer({ rateLimit: false });
    hop = await switchableServer(server.url);
    dataDir = await mkdtemp(join(tmpdir(), 'perch-offline-writes-'));
    core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      secrets: new TestKeychain(),
    });
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

  it('a reaction, a star and a read mark made offline each reach the server once when it answers', async () => {
    const id = await send(server, other, [owner.user_id], 'Did the shipment arrive?');
    await untilAsync(async () => (await held(id)).flags.includes('read') === false, 'unread');
    await hop.down();
    await untilAsync(async () => !(await polling()), 'the account out of reach');
    await call('messages.react', {
      accountId,
      messageId: id,
      op: 'add',
      emojiName: 'thumbs_up',
      emojiCode: '1f44d',
      reactionType: 'unicode_emoji',
    });
    await call('messages.star', { accountId, messageId: id, starred: true });
    await call('messages.markRead', { accountId, messageIds: [id] });
    // Nothing reached the server while it was out of reach.
    let now = await held(id);
    expect(now.reactions).toEqual([]);
    expect(now.flags).not.toContain('starred');
    expect(now.flags).not.toContain('read');

    await hop.up();
    await call('sync.reconnect', {});
    await untilAsync(async () => {
      const m = await held(id);
      return m.flags.includes('read') && m.flags.includes('starred') && m.reactions.length > 0;
    }, 'the reaction, the star and the read mark on the server');
    // A later registration makes none of them again.
    await call('sync.reconnect', {});
    await untilAsync(polling, 'polling again');
    now = await held(id);
    expect(now.reactions.filter((r) => r.user_id === owner.user_id)).toHaveLength(1);
    expect(now.reactions[0]?.emoji_name).toBe('thumbs_up');
  });
});

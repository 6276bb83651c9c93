/**
 * Compose's Core channels over real HTTP against the reference server: the directory of
 * people, groups and channels, a channel's topics (GET /users/me/{stream_id}/topics), the
 * preview (POST /messages/render), and a send over the server's max_message_length refused
 * before it goes.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import type { Result } from '../../../src/core/rpc/contract.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { messaging } from '../../../src/server/messages/service.ts';
import { MAX_MESSAGE_LENGTH } from '../../../src/server/messages/limits.ts';
import { addSubscription, addUser } from '../../../src/server/state/factory.ts';
import type { UserRecord } from '../../../src/server/state/types.ts';
import { MemorySecrets } from './sync/memory-secrets.ts';
import { person } from './sync/harness.ts';

describe('compose channels against the reference server', () => {
  let server: StartedServer;
  let core: Core;

  beforeEach(async () => {
    const clock = new ManualClock();
    server = await startServer({ clock, rateLimit: false });
    core = await createCore({
      dataDir: await mkdtemp(join(tmpdir(), 'perch-compose-')),
      version: 't',
      transport: 'web',
      clock,
      secrets: new MemorySecrets(),
    });
  });
  afterEach(async () => {
    await core.close();
    await server.close();
  });

  async function call<R>(channel: string, args: unknown): Promise<R> {
    const response = await core.invoke(channel, args);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as R;
  }
  async function signIn(user: ServerUser): Promise<string> {
    const account = await call<{ id: string }>('accounts.signInWithKey', {
      serverUrl: server.url,
      email: user.email,
      apiKey: user.api_key,
      allowInsecure: true,
    });
    return account.id;
  }
  function post(from: ServerUser, channel: string, topic: string): number {
    const c = [...server.state.channels.values()].find((x) => x.name === channel)!;
    return messaging(server.ctx).send({
      sender: server.state.users.get(from.user_id) as UserRecord,
      streamId: c.stream_id,
      topic,
      content: 'hello',
    }).id;
  }
  const channelId = (name: string) =>
    [...server.state.channels.values()].find((x) => x.name === name)!.stream_id;

  it('lists people (deactivated ones marked), mentionable groups and visible channels', async () => {
    const accountId = await signIn(person(server, 'member'));
    const dir = await call<Result<'compose.directory'>>('compose.directory', { accountId });
    expect(dir.users.find((u) => u.email === 'owner@perch.test')).toMatchObject({
      name: 'Olive Owner',
      active: true,
    });
    expect(dir.users.find((u) => u.email === 'former@perch.test')?.active).toBe(false);
    expect(dir.groups.map((g) => g.name).sort()).toEqual(['support', 'support-leads']);
    const general = dir.channels.find((c) => c.name === 'general');
    expect(general).toMatchObject({ subscribed: true, subscribers: 6 });
    // A private channel the member is not in is not offered.
    expect(dir.channels.some((c) => c.name === 'leadership')).toBe(false);
    expect(typeof dir.enterSends).toBe('boolean');
  });

  it("lists a channel's topics newest first, one entry per topic whatever its case", async () => {
    const owner = person(server, 'owner');
    post(owner, 'general', 'Deploys');
    post(owner, 'general', 'lunch');
    post(owner, 'general', 'deploys');
    const accountId = await signIn(person(server, 'member'));
    const topics = await call<string[]>('compose.topics', {
      accountId,
      streamId: channelId('general'),
    });
    expect(topics.slice(0, 2)).toEqual(['deploys', 'lunch']);
    expect(topics.filter((t) => t.toLowerCase() === 'deploys')).toHaveLength(1);
  });

  it("refuses the topics of a private channel one cannot read, in the server's words", async () => {
    const accountId = await signIn(person(server, 'member'));
    await expect(
      call('compose.topics', { accountId, streamId: channelId('leadership') }),
    ).rejects.toThrow('Invalid channel ID');
  });

  it('renders a preview with mentions resolved by the server', async () => {
    const accountId = await signIn(person(server, 'member'));
    const { html } = await call<{ html: string }>('compose.render', {
      accountId,
      content: '**bold** for @**Olive Owner**',
    });
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('class="user-mention"');
  });

  it("refuses a message over the server's max_message_length, sending nothing", async () => {
    const accountId = await signIn(person(server, 'member'));
    // Registration brings the limit; wait until the account's queue has it.
    await expect
      .poll(
        async () =>
          (await call<{ maxMessageLength: number }>('messages.sidebar', { accountId }))
            .maxMessageLength,
      )
      .toBe(MAX_MESSAGE_LENGTH);
    const before = messaging(server.ctx).store.maxId;
    await expect(
      call('messages.send', {
        accountId,
        to: { type: 'stream', streamId: channelId('general'), topic: 't' },
        content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1),
      }),
    ).rejects.toThrow(/takes at most/);
    expect(messaging(server.ctx).store.maxId).toBe(before);
  });

  it('holds @all in a channel of more than 15 to the wildcard permission, and says who has it', async () => {
    const general = channelId('general');
    for (let i = 0; i < 12; i++) {
      const u = addUser(server.state, {
        email: `extra${i}@perch.test`,
        full_name: `Extra ${i}`,
        role: 400,
        date_joined: 0,
      });
      addSubscription(server.state, u.user_id, general);
    }
    const member = await signIn(person(server, 'member'));
    const admin = await signIn(person(server, 'admin'));
    const dir = (accountId: string) =>
      call<Result<'compose.directory'>>('compose.directory', { accountId });
    expect((await dir(member)).mayMentionMany).toBe(false);
    expect((await dir(admin)).mayMentionMany).toBe(true);
    const all = (accountId: string) =>
      core.invoke('messages.send', {
        accountId,
        to: { type: 'stream', streamId: general, topic: 'party' },
        content: 'cake for @**all**',
      });
    const refused = await all(member);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.apiCode).toBe('STREAM_WILDCARD_MENTION_NOT_ALLOWED');
    expect((await all(admin)).ok).toBe(true);
    // A small channel takes it from anyone.
    const dev = await core.invoke('messages.send', {
      accountId: member,
      to: { type: 'stream', streamId: channelId('development'), topic: 'party' },
      content: 'cake for @**all**',
    });
    expect(dev.ok).toBe(true);
  });
});

/**
 * Compose's Core channels over real HTTP against the reference server: the directory of
 * people, groups and channels, a channel's topics (GET /users/me/{stream_id}/topics), the
 * preview (POST /messages/render), and a send over the server's max_message_length refused
 * before it goes.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../src/contract/contract.ts';
import type { ServerUser } from '../../../src/server/index.ts';
import { messaging } from '../../../src/server/messages/service.ts';
import { MAX_MESSAGE_LENGTH } from '../../../src/server/messages/limits.ts';
import { addSubscription, addUser } from '../../../src/server/state/factory.ts';
import type { UserRecord } from '../../../src/server/state/types.ts';
import { useCoreAndServer } from '../support/core-server.ts';
import { person } from './sync/harness.ts';

describe('compose channels against the reference server', () => {
  const t = useCoreAndServer({ server: { rateLimit: false }, manualClock: true });
  const { call, signIn } = t;
  const channelId = (name: string) =>
    [...t.server.state.channels.values()].find((x) => x.name === name)!.stream_id;
  function post(from: ServerUser, channel: string, topic: string): number {
    return messaging(t.server.ctx).send({
      sender: t.server.state.users.get(from.user_id) as UserRecord,
      streamId: channelId(channel),
      topic,
      content: 'hello',
    }).id;
  }

  it('lists people (deactivated ones marked), mentionable groups and visible channels', async () => {
    const accountId = await signIn(person(t.server, 'member'));
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
    const owner = person(t.server, 'owner');
    post(owner, 'general', 'Deploys');
    post(owner, 'general', 'lunch');
    post(owner, 'general', 'deploys');
    const accountId = await signIn(person(t.server, 'member'));
    const topics = await call<string[]>('compose.topics', {
      accountId,
      streamId: channelId('general'),
    });
    expect(topics.slice(0, 2)).toEqual(['deploys', 'lunch']);
    expect(topics.filter((t) => t.toLowerCase() === 'deploys')).toHaveLength(1);
  });

  it("refuses the topics of a private channel one cannot read, in the server's words", async () => {
    const accountId = await signIn(person(t.server, 'member'));
    await expect(
      call('compose.topics', { accountId, streamId: channelId('leadership') }),
    ).rejects.toThrow('Invalid channel ID');
  });

  it('renders a preview with mentions resolved by the server', async () => {
    const accountId = await signIn(person(t.server, 'member'));
    const { html } = await call<{ html: string }>('compose.render', {
      accountId,
      content: '**bold** for @**Olive Owner**',
    });
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('class="user-mention"');
  });

  it("refuses a message over the server's max_message_length, sending nothing", async () => {
    const accountId = await signIn(person(t.server, 'member'));
    // Registration brings the limit; wait until the account's queue has it.
    await expect
      .poll(
        async () =>
          (await call<{ maxMessageLength: number }>('messages.sidebar', { accountId }))
            .maxMessageLength,
      )
      .toBe(MAX_MESSAGE_LENGTH);
    const before = messaging(t.server.ctx).store.maxId;
    await expect(
      call('messages.send', {
        accountId,
        to: { type: 'stream', streamId: channelId('general'), topic: 't' },
        content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1),
      }),
    ).rejects.toThrow(/takes at most/);
    expect(messaging(t.server.ctx).store.maxId).toBe(before);
  });

  it('holds @all in a channel of more than 15 to the wildcard permission, and says who has it', async () => {
    const general = channelId('general');
    for (let i = 0; i < 12; i++) {
      const u = addUser(t.server.state, {
        email: `extra${i}@perch.test`,
        full_name: `Extra ${i}`,
        role: 400,
        date_joined: 0,
      });
      addSubscription(t.server.state, u.user_id, general);
    }
    const member = await signIn(person(t.server, 'member'));
    const admin = await signIn(person(t.server, 'admin'));
    const dir = (accountId: string) =>
      call<Result<'compose.directory'>>('compose.directory', { accountId });
    expect((await dir(member)).mayMentionMany).toBe(false);
    expect((await dir(admin)).mayMentionMany).toBe(true);
    const all = (accountId: string) =>
      t.core.invoke('messages.send', {
        accountId,
        to: { type: 'stream', streamId: general, topic: 'party' },
        content: 'cake for @**all**',
      });
    const refused = await all(member);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.apiCode).toBe('STREAM_WILDCARD_MENTION_NOT_ALLOWED');
    expect((await all(admin)).ok).toBe(true);
    // A small channel takes it from anyone.
    const dev = await t.core.invoke('messages.send', {
      accountId: member,
      to: { type: 'stream', streamId: channelId('development'), topic: 'party' },
      content: 'cake for @**all**',
    });
    expect(dev.ok).toBe(true);
  });
});

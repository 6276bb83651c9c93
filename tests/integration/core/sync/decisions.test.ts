import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateMessageFlags } from '../../../../src/api/routes/messages.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { ServerUser } from '../../../../src/server/index.ts';
import { PerchUnderTest, ReferenceServer, apiClient, person, send, until } from './harness.ts';

describe('notification decisions for messages from the reference server', () => {
  let clock: ManualClock;
  let server: ReferenceServer;
  let perch: PerchUnderTest;
  let me: ServerUser;
  let ada: ServerUser;

  beforeEach(async () => {
    clock = new ManualClock();
    server = await ReferenceServer.start(clock);
    me = person(server.started, 'member');
    ada = person(server.started, 'admin');
    const record = server.started.state.users.get(me.user_id);
    if (record) record.alert_words = ['deploy'];
    perch = new PerchUnderTest(server.url, [me], clock);
    await perch.watch(me);
  });

  afterEach(async () => {
    await perch.manager.close();
    await server.close();
  });

  const dmToMe = (content: string) =>
    send(server.started, ada, clock, { type: 'direct', to: [me.user_id], content });

  const inGeneral = (content: string, topic = 'lunch') =>
    send(server.started, ada, clock, { type: 'stream', to: 'general', topic, content });

  it('stays quiet for a plain channel message from someone else, and says why', async () => {
    const id = await inGeneral('anyone for soup?');
    await perch.decided(me, [id]);
    expect(perch.decisionFor(me, id)).toMatchObject({
      desktop: false,
      sound: false,
      rules: { desktop: 'B8', sound: 'C9' },
      senderName: 'Ada Admin',
      conversation: '#general > lunch',
      missed: false,
    });
    expect(perch.notifier.shown).toEqual([]);
    expect(perch.sound.played).toEqual([]);
  });

  it('notifies and plays the user sound for a personal mention', async () => {
    const id = await inGeneral('@**Mel Member** can you look?');
    await perch.decided(me, [id]);
    expect(perch.decisionFor(me, id)?.rules).toEqual({ desktop: 'B5', sound: 'C6' });
    expect(perch.notifier.shown).toHaveLength(1);
    expect(perch.notifier.shown[0]).toMatchObject({
      accountId: me.email,
      title: 'Ada Admin (#general > lunch)',
      messageIds: [id],
      open: {
        messageId: id,
        narrow: [{ operator: 'channel' }, { operator: 'topic', operand: 'lunch' }],
      },
    });
    expect(perch.notifier.shown[0]?.body).toContain('can you look?');
    expect(perch.sound.played).toEqual(['zulip']);
  });

  it('notifies for a channel wildcard mention under the default settings', async () => {
    const id = await inGeneral('@**all** the build is red');
    await perch.decided(me, [id]);
    expect(perch.decisionFor(me, id)).toMatchObject({
      desktop: true,
      sound: true,
      rules: { desktop: 'B6' },
    });
    expect(perch.notifier.notified).toEqual([id]);
  });

  it('notifies for a direct message, titled "to you"', async () => {
    const id = await dmToMe('got a minute?');
    await perch.decided(me, [id]);
    expect(perch.decisionFor(me, id)).toMatchObject({
      desktop: true,
      sound: true,
      rules: { desktop: 'B4', sound: 'C5' },
    });
    expect(perch.notifier.shown[0]).toMatchObject({
      title: 'Ada Admin (to you)',
      body: 'got a minute?',
    });
    expect(perch.notifier.shown[0]?.open.narrow).toEqual([
      { operator: 'dm', operand: [ada.user_id] },
    ]);
  });

  it('notifies for a message with one of the user alert words', async () => {
    const id = await inGeneral('we deploy at noon', 'releases');
    await perch.decided(me, [id]);
    expect(perch.decisionFor(me, id)).toMatchObject({
      desktop: true,
      sound: true,
      rules: { desktop: 'B5' },
    });
  });

  it('never notifies the user about their own message', async () => {
    const id = await send(server.started, me, clock, {
      type: 'direct',
      to: [ada.user_id],
      content: 'from my phone',
    });
    await perch.decided(me, [id]);
    expect(perch.decisionFor(me, id)?.rules.desktop).toBe('A1');
    expect(perch.notifier.shown).toEqual([]);
  });

  it('groups a conversation into one notification that counts its messages', async () => {
    const ids = [await dmToMe('one'), await dmToMe('two')];
    await perch.decided(me, ids);
    expect(perch.notifier.open.size).toBe(1);
    const [live] = perch.notifier.open.values();
    expect(live?.messageIds).toEqual(ids);
    expect(live?.title).toBe('2 new messages from Ada Admin');
    expect(live?.body).toBe('two');
  });

  it('closes a notification once its message is read, and the badge follows', async () => {
    const id = await dmToMe('ping');
    await perch.decided(me, [id]);
    expect(perch.notifier.open.size).toBe(1);
    expect(perch.badge.current).toEqual({ count: 1, icon: 'attention' });

    const phone = apiClient(server.url, me, clock);
    await updateMessageFlags(phone, { messages: [id], op: 'add', flag: 'read' });
    await phone.close();
    await until(() => perch.notifier.open.size === 0, 'the notification to close');
    expect(perch.badge.current).toEqual({ count: 0, icon: 'none' });
  });

  it('Do Not Disturb silences what the settings allow, logs it, and never notifies later', async () => {
    perch.manager.setDnd('hour');
    const quiet = await dmToMe('shh');
    await perch.decided(me, [quiet]);
    expect(perch.decisionFor(me, quiet)).toMatchObject({
      desktop: true,
      sound: true,
      silencedByDnd: true,
    });
    expect(perch.decisionFor(me, quiet)?.reason).toContain('Do Not Disturb');
    expect(perch.notifier.shown).toEqual([]);
    expect(perch.sound.played).toEqual([]);

    // A "no" stays a "no" and is not marked as silenced.
    const plain = await inGeneral('plain');
    await perch.decided(me, [plain]);
    expect(perch.decisionFor(me, plain)).toMatchObject({ desktop: false, silencedByDnd: false });

    await clock.advance(3_600_000);
    const loud = await dmToMe('back?');
    await perch.decided(me, [loud]);
    expect(perch.notifier.notified).toEqual([loud]);
  });

  it('an edit that adds a mention does not notify again', async () => {
    const id = await inGeneral('see above');
    await perch.decided(me, [id]);
    server.started.ctx.events.emit([me.user_id], {
      type: 'update_message',
      user_id: ada.user_id,
      rendering_only: false,
      message_id: id,
      message_ids: [id],
      flags: ['mentioned'],
      edit_timestamp: Math.floor(clock.now() / 1000),
      content: '@**Mel Member** see above',
      rendered_content: '<p>@Mel Member see above</p>',
    });
    const next = await inGeneral('later');
    await perch.decided(me, [next]);
    expect(perch.decisions(me).filter((d) => d.messageId === id)).toHaveLength(1);
    expect(perch.notifier.shown).toEqual([]);
  });
});

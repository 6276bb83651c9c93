/**
 * Notifications over D-Bus (docs/notifications.md "D-Bus"), from a Core signed in to the
 * reference server over real HTTP, on a private session bus: what dunst, a real notification
 * server, received (read back with dunstctl and dbus-monitor), and what the actions of a
 * notification do on the service's server when a notification server of the test's own
 * sends the specification's signals for them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../../src/core/accounts/memory-secret-store.ts';
import { createCore, type Core } from '../../../../src/core/core.ts';
import type { AppInfo, Preferences, Result } from '../../../../src/contract/contract.ts';
import { MUTE_DM_LABEL } from '../../../../src/core/notify/dbus-notifier.ts';
import { byEmail, ok, send } from '../../server/messaging-client.ts';
import { useCoreAndServer } from '../../support/core-server.ts';
import {
  BUS_TOOLS,
  DUNST_TOOLS,
  missingTools,
  monitorNotify,
  startDunst,
  startPrivateBus,
  type Dunst,
  type NotifyMonitor,
  type PrivateBus,
} from '../../../fixtures/notification-bus.ts';
import {
  startOwnNotificationServer,
  type OwnNotificationServer,
} from '../../../fixtures/own-notification-server.ts';

const busMissing = missingTools(BUS_TOOLS);
const dunstMissing = missingTools(DUNST_TOOLS);

let bus: PrivateBus | undefined;
const address = () => {
  if (!bus) throw new Error('no bus outside a test');
  return bus.address;
};

async function unreadIds(t: ReturnType<typeof useCoreAndServer>, user: string): Promise<number[]> {
  const r = await ok(t.server, byEmail(t.server, user), 'GET', '/messages', {
    anchor: 'newest',
    num_before: 50,
    num_after: 0,
    narrow: [['is', 'unread']],
  });
  return (r.messages as { id: number }[]).map((m) => m.id);
}

async function generalId(t: ReturnType<typeof useCoreAndServer>): Promise<number> {
  const r = await ok(t.server, byEmail(t.server, 'member'), 'GET', '/users/me/subscriptions');
  const subs = r.subscriptions as { name: string; stream_id: number }[];
  return subs.find((s) => s.name === 'general')!.stream_id;
}

describe.skipIf(dunstMissing !== undefined)('D-Bus notifications on dunst', () => {
  let dunst: Dunst;
  let monitor: NotifyMonitor;
  beforeEach(async () => {
    bus = await startPrivateBus();
    dunst = await startDunst(bus);
    monitor = await monitorNotify(bus);
  });
  const t = useCoreAndServer({
    server: { rateLimit: false },
    core: () => ({
      dbusNotifications: { address: address(), soundFile: (s) => `/sounds/${s}.ogg` },
    }),
  });
  afterEach(async () => {
    await monitor.close();
    await dunst.close();
    await bus?.close();
    bus = undefined;
  });

  it("shows a direct message with its actions and the user's sound, and says which path", async () => {
    const info = await t.call<AppInfo>('app.info');
    expect(info.notificationPath).toMatch(/notification server over D-Bus \(dunst/);
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    await send(t.server, owner, [member.user_id], 'Lunch at noon?');

    await expect.poll(() => monitor.calls().length).toBe(1);
    const [call] = monitor.calls();
    expect(call?.actions).toEqual([
      'default',
      'Open',
      'read',
      'Mark as read',
      'mute',
      "Mute this conversation's notifications",
    ]);
    expect(call?.hints['sound-name']).toBe('message-new-instant');
    expect(call?.hints['sound-file']).toMatch(/^\/sounds\/.+\.ogg$/);
    expect(call?.hints['category']).toBe('im.received');
    const [shown] = dunst.history();
    expect(shown).toMatchObject({ summary: `${owner.full_name} (to you)`, body: 'Lunch at noon?' });
    expect(shown?.appname).toBe('Perch');
  });

  it("replaces one conversation's notification as its messages come", async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    const mention = `@**${member.full_name}**`;
    await send(t.server, owner, 'general', `${mention} first`, 'deploy');
    await expect.poll(() => monitor.calls().length).toBe(1);
    await send(t.server, owner, 'general', `${mention} second`, 'deploy');
    await expect.poll(() => monitor.calls().length).toBe(2);
    await send(t.server, owner, 'general', `${mention} third`, 'deploy');
    await expect.poll(() => monitor.calls().length).toBe(3);

    expect(dunst.displayed()).toBe(1);
    const calls = monitor.calls();
    expect(calls[0]?.replacesId).toBe(0);
    expect(calls[0]?.actions).toEqual([
      'default',
      'Open',
      'read',
      'Mark as read',
      'mute',
      'Mute topic',
    ]);
    const history = dunst.history();
    expect(history).toHaveLength(1);
    expect(calls[1]?.replacesId).toBe(history[0]?.id);
    expect(calls[2]?.replacesId).toBe(history[0]?.id);
    expect(history[0]?.summary).toBe('3 new messages in #general › deploy');
    expect(history[0]?.body).toMatch(/^@.+third$/);
  });

  it('closes the notification once the conversation is read elsewhere', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    const id = await send(t.server, owner, [member.user_id], 'Read me on your phone');
    await expect.poll(() => dunst.displayed()).toBe(1);
    await ok(t.server, member, 'POST', '/messages/flags', {
      messages: [id],
      op: 'add',
      flag: 'read',
    });
    await expect.poll(() => dunst.displayed()).toBe(0);
  });
});

describe.skipIf(busMissing !== undefined)('actions from a notification', () => {
  let server: OwnNotificationServer;
  beforeEach(async () => {
    bus = await startPrivateBus();
    server = await startOwnNotificationServer(bus.address);
  });
  const t = useCoreAndServer({
    server: { rateLimit: false },
    core: () => ({ dbusNotifications: { address: address() } }),
  });
  afterEach(async () => {
    server.close();
    await bus?.close();
    bus = undefined;
  });

  it('sends an inline reply exactly once and closes the notification', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    await send(t.server, owner, [member.user_id], 'Are you coming?');
    await expect.poll(() => server.find(owner.full_name)).toBeDefined();
    const shown = server.find(owner.full_name)!;
    expect(shown.actions).toContain('inline-reply');

    server.reply(shown.id, 'On my way');
    await expect.poll(() => server.closed).toContain(shown.id);
    const r = await ok(t.server, owner, 'GET', '/messages', {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      narrow: [['dm', [member.user_id]]],
    });
    const replies = (r.messages as { content: string; sender_id: number }[]).filter(
      (m) => m.sender_id === member.user_id,
    );
    expect(replies).toHaveLength(1);
    expect(replies[0]?.content).toContain('On my way');
    const log = await t.call<Result<'sync.decisions'>>('sync.decisions', {
      accountId: (await t.call<{ id: string }[]>('accounts.list'))[0]!.id,
    });
    expect(log.map((e) => e.action)).toContain('Replied from the notification.');
  });

  it('marks the conversation read on the server', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    const id = await send(t.server, owner, [member.user_id], 'Status report is in');
    await expect.poll(() => server.find(owner.full_name)).toBeDefined();
    expect(await unreadIds(t, 'member')).toContain(id);

    server.invoke(server.find(owner.full_name)!.id, 'read');
    await expect.poll(() => unreadIds(t, 'member')).not.toContain(id);
    await expect.poll(() => server.closed.length).toBe(1);
  });

  it('mutes the topic on the server', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    await send(t.server, owner, 'general', `@**${member.full_name}** are we live?`, 'launch');
    await expect.poll(() => server.find('launch')).toBeDefined();

    server.invoke(server.find('launch')!.id, 'mute');
    const streamId = await generalId(t);
    await expect
      .poll(() => t.server.state.userTopic(member.user_id, streamId, 'launch')?.visibility_policy)
      .toBe(1);
    await expect.poll(() => server.closed.length).toBe(1);
  });

  it("mutes a direct message conversation's notifications in Perch, and says why the next is quiet", async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    await send(t.server, owner, [member.user_id], 'Can I borrow your charger?');
    await expect.poll(() => server.find(owner.full_name)).toBeDefined();
    const shown = server.find(owner.full_name)!;
    expect(shown.actions).toEqual(expect.arrayContaining(['mute', MUTE_DM_LABEL]));

    server.invoke(shown.id, 'mute');
    await expect.poll(() => server.closed).toContain(shown.id);
    const accountId = (await t.call<{ id: string }[]>('accounts.list'))[0]!.id;
    const prefs = await t.call<Preferences>('prefs.get');
    expect(prefs.mutedDms?.[accountId]).toEqual([String(owner.user_id)]);

    const quiet = await send(t.server, owner, [member.user_id], 'Never mind, found one');
    const decisionOf = async () =>
      (await t.call<Result<'sync.decisions'>>('sync.decisions', { accountId })).find(
        (e) => e.messageId === quiet,
      );
    await expect.poll(decisionOf).toBeDefined();
    const decision = await decisionOf();
    expect(decision?.desktop).toBe(false);
    expect(decision?.reason).toContain("you muted this conversation's notifications in Perch");
    expect(server.find('Never mind')).toBeUndefined();
  });

  it('says in a follow-up notification why a reply was not sent', async () => {
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    await send(t.server, owner, 'general', `@**${member.full_name}** ping`, 'gone soon');
    await expect.poll(() => server.find('gone soon')).toBeDefined();
    await ok(t.server, owner, 'DELETE', `/streams/${await generalId(t)}`);

    server.reply(server.find('gone soon')!.id, 'pong');
    await expect.poll(() => server.find('was not sent')).toBeDefined();
    expect(server.find('was not sent')?.body).toMatch(/\w+ \w+/);
    expect(server.find('was not sent')?.actions).toEqual([]);
  });
});

describe('no notification server', () => {
  const t = useCoreAndServer({
    core: () => ({
      notifyInRenderer: true,
      dbusNotifications: { address: 'unix:path=/nonexistent/perch-test-bus' },
    }),
  });

  it('says why once and shows notifications in the page as before', async () => {
    const info = await t.call<AppInfo>('app.info');
    expect(info.notificationPath).toMatch(
      /D-Bus session bus cannot be reached: nothing answers at its address\. Notifications show in the open Perch tab only\./,
    );
    const member = byEmail(t.server, 'member');
    const owner = byEmail(t.server, 'owner');
    await t.signIn(member, { listening: true });
    await send(t.server, owner, [member.user_id], 'Still here?');
    await expect
      .poll(() => t.pushed.filter((p) => p.topic === 'notifications.show').length)
      .toBe(1);
  });
});

describe.skipIf(busMissing !== undefined)('turned off in Preferences', () => {
  let server: OwnNotificationServer;
  let dataDir: string;
  let core: Core | undefined;
  beforeEach(async () => {
    bus = await startPrivateBus();
    server = await startOwnNotificationServer(bus.address);
    dataDir = await mkdtemp(join(tmpdir(), 'perch-dbus-off-'));
    await writeFile(
      join(dataDir, 'preferences.json'),
      JSON.stringify({ desktopNotifications: false }),
    );
  });
  afterEach(async () => {
    await core?.close();
    server.close();
    await bus?.close();
    bus = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves the notification server alone and says so', async () => {
    core = await createCore({
      dataDir,
      version: 't',
      transport: 'web',
      secrets: new MemorySecretStore(),
      notifyInRenderer: true,
      dbusNotifications: { address: address() },
    });
    const info = await core.invoke('app.info', {});
    expect(info.ok && (info.result as AppInfo).notificationPath).toBe(
      "Notifying through the desktop's notification server (D-Bus) is turned off in Preferences.",
    );
    expect(server.received).toEqual([]);
  });
});

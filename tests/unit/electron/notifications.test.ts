/**
 * The notification path in the main process, end to end: the real Core signed in to the
 * reference server, another user's DM, a native notification, a click that opens the
 * window at that message, and the badge. Electron itself is the stand-in of
 * fake-electron.ts; the keychain is the real one (see scripts/with-keyring.sh).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { launchMain } from './launch.ts';
import { sendAs } from '../../fixtures/send-message.ts';

const keyring = process.env.PERCH_KEYRING_READY === '1';
let dataDir: string;
let server: StartedServer;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'perch-main-notify-'));
  vi.stubEnv('XDG_CONFIG_HOME', dataDir);
  server = await startServer({});
  // These tests are about Electron's own notifications: the D-Bus path, which a Linux
  // session may offer, is the user's setting turned off (tests/integration/core/notify).
  await writeFile(
    join(dataDir, 'preferences.json'),
    JSON.stringify({ desktopNotifications: false }),
  );
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.doUnmock('electron');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!keyring)('notifications in the Electron main process', () => {
  it('shows a DM as a native notification, opens the window at it on click, and counts it on the badge', async () => {
    const { electron, window, tray, call } = await launchMain(dataDir, ['--hidden']);
    const me = server.users.find((u) => u.role === 100)!;
    const sender = server.users.find((u) => u.role === 400 && !u.is_bot)!;
    const signedIn = (await call('accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
    })) as { ok: boolean; result: { id: string } };
    expect(signedIn.ok).toBe(true);
    await vi.waitFor(
      async () => {
        const status = (await call('sync.status', {})) as {
          result: { health: { state: string } }[];
        };
        expect(status.result[0]?.health.state).toBe('polling');
      },
      { timeout: 10_000 },
    );

    const id = await sendAs(server, sender, {
      type: 'direct',
      to: [me.user_id],
      content: 'Are you around?',
    });
    await vi.waitFor(() => expect(electron.notifications.filter((n) => n.shown)).toHaveLength(1), {
      timeout: 10_000,
    });
    const note = electron.notifications[0]!;
    expect(note.title).toBe(`${sender.full_name} (to you)`);
    expect(note.body).toBe('Are you around?');
    // The platform's own buttons and reply field (macOS, Windows); a DM's mute is Perch's own
    // (docs/notifications.md "Muted direct messages").
    expect(note.options).toMatchObject({
      actions: [
        { type: 'button', text: 'Mark as read' },
        { type: 'button', text: "Mute this conversation's notifications" },
      ],
      hasReply: true,
    });
    await vi.waitFor(() => expect(electron.app.badgeCount).toBe(1));
    expect(tray?.image).toMatch(/tray-mention\.png$/);
    // The sound is the renderer's to play, pushed within a frame (src/core/push-batch.ts).
    await vi.waitFor(() =>
      expect(window?.pushed().some(([topic]) => topic === 'sound.play')).toBe(true),
    );

    expect(window?.visible).toBe(false);
    note.emit('click');
    expect(window?.visible).toBe(true);
    // Pushes reach the window within a frame, as one batch (src/core/push-batch.ts).
    const open = await vi.waitFor(() => {
      const found = window?.pushed().find(([topic]) => topic === 'notifications.open');
      expect(found).toBeDefined();
      return found;
    });
    expect(open?.[1]).toMatchObject({ accountId: signedIn.result.id, messageId: id });

    // Looking at the window closes what it showed.
    window?.emit('focus');
    await vi.waitFor(() => expect(note.closed).toBe(true));
    tray?.click('Quit Perch');
    await vi.waitFor(() => expect(electron.app.quitted).toBe(true));
  });

  it("marks the DM read on the server from the notification's button, with no window", async () => {
    const { electron, window, call } = await launchMain(dataDir, []);
    window?.userCloses();
    expect(window?.destroyed).toBe(true);
    const me = server.users.find((u) => u.role === 100)!;
    const sender = server.users.find((u) => u.role === 400 && !u.is_bot)!;
    await call('accounts.signInWithKey', {
      serverUrl: server.url,
      email: me.email,
      apiKey: me.api_key,
    });
    await vi.waitFor(
      async () => {
        const status = (await call('sync.status', {})) as {
          result: { health: { state: string } }[];
        };
        expect(status.result[0]?.health.state).toBe('polling');
      },
      { timeout: 10_000 },
    );
    await sendAs(server, sender, { type: 'direct', to: [me.user_id], content: 'Ping' });
    await vi.waitFor(() => expect(electron.notifications.filter((n) => n.shown)).toHaveLength(1), {
      timeout: 10_000,
    });
    const note = electron.notifications[0]!;
    // No renderer lives to play the user's sound: the platform plays its own.
    expect(note.options['silent']).toBe(false);
    await vi.waitFor(() => expect(electron.app.badgeCount).toBe(1));
    note.emit('action', {}, 0);
    await vi.waitFor(() => expect(electron.app.badgeCount).toBe(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(note.closed).toBe(true));
    expect(electron.windows).toHaveLength(1);
  });
});

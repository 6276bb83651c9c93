/**
 * The notification path in the main process, end to end: the real Core signed in to the
 * reference server, another user's DM, a native notification, a click that opens the
 * window at that message, and the badge. Electron itself is the stand-in of
 * fake-electron.ts; the keychain is the real one (see scripts/with-keyring.sh).
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
    await vi.waitFor(() => expect(electron.app.badgeCount).toBe(1));
    expect(tray?.image).toMatch(/tray-mention\.png$/);
    // The sound is the renderer's to play.
    expect(window?.sent.some(([, topic]) => topic === 'sound.play')).toBe(true);

    expect(window?.visible).toBe(false);
    note.emit('click');
    expect(window?.visible).toBe(true);
    const open = window?.sent.find(([, topic]) => topic === 'notifications.open');
    expect(open?.[2]).toMatchObject({ accountId: signedIn.result.id, messageId: id });

    // Looking at the window closes what it showed.
    window?.emit('focus');
    await vi.waitFor(() => expect(note.closed).toBe(true));
    tray?.click('Quit Perch');
    await vi.waitFor(() => expect(electron.app.quitted).toBe(true));
  });
});

/**
 * The Electron main process: one running Perch per profile, the Core, the window and the
 * tray. Everything it decides on its own lives in small electron-free files beside it.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, powerMonitor, session, type BrowserWindow } from 'electron';
import type { OpenTarget } from '../src/core/notify/notifier.ts';
import { ElectronBadgeSink, ElectronNotifier } from './notifier.ts';
import { TOAST_SCHEME } from '../src/core/notify/windows-toast.ts';
import { followTrayMenu } from './tray-follow.ts';
import { createCore, type Core } from '../src/core/core.ts';
import { Preferences } from '../src/contract/contract.ts';
import { appFiles } from './app-files.ts';
import { bindCoreToIpc } from './ipc.ts';
import { applyStartAtLogin } from './login-item.ts';
import { parseStartupOptions, type StartupOptions } from './startup.ts';
import {
  KeychainUnavailableError,
  KeytarSecretStore,
  UnavailableSecretStore,
  type SecretStore,
} from '../src/core/accounts/secret-store.ts';
import { MemorySecretStore } from '../src/core/accounts/memory-secret-store.ts';
import type { SecretStoreChoice } from '../src/core/accounts/secret-store-choice.ts';
import { SafeStorageSecretStore } from './secret-fallback.ts';

/**
 * The OS keychain through keytar; Electron's safeStorage only if keytar cannot load; and
 * if neither, a store that makes sign-in explain what to do (the demo still runs: its keys
 * stay in memory).
 */
async function openSecretStore(dataDir: string, choice: SecretStoreChoice): Promise<SecretStore> {
  if (choice === 'memory') return new MemorySecretStore();
  try {
    return await KeytarSecretStore.open();
  } catch (err) {
    console.warn(
      `Keychain unavailable, using encrypted storage instead: ${(err as Error).message}`,
    );
  }
  try {
    return SafeStorageSecretStore.open(dataDir);
  } catch (err) {
    console.warn((err as Error).message);
    return new UnavailableSecretStore(new KeychainUnavailableError(err));
  }
}
import { createTray } from './tray.ts';
import { createMainWindow, guardWebContents, installSessionPolicy } from './window.ts';

const startup = readStartupOptions();

function readStartupOptions(): StartupOptions {
  try {
    return parseStartupOptions(process.argv, process.cwd(), process.env);
  } catch (err) {
    // A mistyped flag is the user's to fix: one line, no stack trace.
    console.error((err as Error).message);
    return process.exit(2);
  }
}
// Every renderer, not only the main window's, runs sandboxed; this must precede 'ready'.
app.enableSandbox();
// Before the lock: the lock belongs to the data folder, so separate profiles run side by side.
if (startup.dataDir) app.setPath('userData', startup.dataDir);

if (app.requestSingleInstanceLock()) {
  start(startup).catch((err: unknown) => {
    console.error('Perch could not start:', err instanceof Error ? err.message : String(err));
    app.exit(1);
  });
} else {
  // The running Perch receives 'second-instance' and brings its window forward.
  app.quit();
}

async function readPreferences(core: Core): Promise<Preferences> {
  const response = await core.invoke('prefs.get', {});
  if (!response.ok) throw new Error(`Could not read preferences: ${response.error.message}`);
  return Preferences.parse(response.result);
}

function followStartAtLogin(enabled: boolean): void {
  applyStartAtLogin(enabled).catch((err: unknown) => {
    console.error(
      'Could not change start at login:',
      err instanceof Error ? err.message : String(err),
    );
  });
}

async function start(options: StartupOptions): Promise<void> {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
  await app.whenReady();
  installSessionPolicy(session.defaultSession);

  const files = appFiles(
    app.getAppPath(),
    app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources'),
  );
  const appUrl = pathToFileURL(files.indexHtml).href;
  const dataDir = app.getPath('userData');
  // Clicks arrive once the tray exists; until then there is nothing to show them in.
  let reveal: (target: OpenTarget) => void = () => undefined;
  let window: BrowserWindow | null = null;
  const badge = new ElectronBadgeSink();
  const notifier = new ElectronNotifier({
    onClick: (target) => core.reveal(target),
    onAction: (action) => void core.act(action),
    hasWindow: () => window !== null,
  });
  // Windows hands a toast's buttons to the app of their link's scheme (windows-toast.ts).
  if (process.platform === 'win32') app.setAsDefaultProtocolClient(TOAST_SCHEME);
  const core: Core = await createCore({
    dataDir,
    version: app.getVersion(),
    transport: 'electron',
    // The contract's shapes are checked by the tests; per push, a shipped host only pays.
    checkPushes: false,
    checkResults: false,
    secrets: await openSecretStore(dataDir, options.secretStore),
    demo: options.demo,
    notifier,
    badge,
    soundInRenderer: true,
    // On Linux the desktop's notification server, over D-Bus from the Core, needs no window.
    ...(process.platform === 'linux' ? { dbusNotifications: {} } : {}),
    onReveal: (target) => reveal(target),
  });
  const unbindIpc = bindCoreToIpc(core, appUrl);

  let prefs = await readPreferences(core);
  followStartAtLogin(prefs.startAtLogin);
  core.subscribe(
    (topic, payload) => {
      if (topic !== 'prefs.changed') return;
      const next = Preferences.parse(payload);
      if (next.startAtLogin !== prefs.startAtLogin) followStartAtLogin(next.startAtLogin);
      prefs = next;
    },
    (topic) => topic === 'prefs.changed',
  );

  let quitting = false;
  const openWindow = (show: boolean): BrowserWindow => {
    const created = createMainWindow(files, { show });
    // Closing to the tray destroys the window and ends its renderer: the Core keeps polling,
    // notifying and badging, and the next window paints from the Core's state
    // (docs/architecture.md "No window").
    created.on('close', () => {
      if (quitting || !prefs.closeToTray) return;
      void core.invoke('presence.window', { state: 'closed' });
    });
    // Looking at the window is seeing the notifications: close them.
    created.on('focus', () => void core.invoke('notifications.seen', {}));
    created.on('closed', () => {
      if (window === created) window = null;
    });
    return created;
  };
  /** Shows the window, building it again if it was closed: then true, once its page loaded. */
  const showWindow = (): Promise<boolean> => {
    const fresh = window === null;
    window ??= openWindow(false);
    const shown = window;
    if (shown.isMinimized()) shown.restore();
    shown.show();
    shown.focus();
    if (!fresh) return Promise.resolve(false);
    return new Promise((ok) => shown.webContents.once('did-finish-load', () => ok(true)));
  };

  const tray = createTray(files.resources, {
    open: () => void showWindow(),
    quit: () => app.quit(),
  });
  badge.attach(tray);
  reveal = (target) => {
    // A window built for this click missed the Core's word: it is said again once loaded.
    void showWindow().then((wasBuilt) => wasBuilt && core.reveal(target));
  };
  const stopTrayMenu = followTrayMenu(core, tray, () => void showWindow());
  // Back from sleep the long-polls are dead connections: reconnect now, not after a timeout.
  powerMonitor.on('resume', () => void core.invoke('sync.reconnect', {}));
  app.on('second-instance', (_event, argv: readonly string[] | undefined) => {
    const link = argv?.find((arg) => arg.startsWith(`${TOAST_SCHEME}:`));
    if (link && notifier.activate(link)) return;
    void showWindow();
  });
  app.on('activate', () => void showWindow());
  app.on('before-quit', () => {
    quitting = true;
  });
  // With closeToTray on, Perch stays in the tray with no window at all.
  app.on('window-all-closed', () => {
    if (quitting || !prefs.closeToTray) app.quit();
  });

  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    closed = true;
    event.preventDefault();
    unbindIpc();
    stopTrayMenu();
    tray.destroy();
    void core.close().finally(() => app.quit());
  });

  window = openWindow(!options.hidden);
}

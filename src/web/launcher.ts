/**
 * Opens a URL in the user's browser, the way the platform's own launcher does (`xdg-open`,
 * macOS's `open`, Windows' `explorer`), for a notification clicked while no Perch tab is
 * open. Spawned without a shell, so nothing in the URL is ever read as a command, and only a
 * URL of this host's own origin is ever handed over.
 */
import { spawn } from 'node:child_process';

/** Opens one URL; the host calls it with URLs of its own origin only. */
export type Launcher = (url: string) => void;

/** The launcher command of a platform, as `process.platform` names it. */
export function launcherCommand(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return 'explorer.exe';
  return 'xdg-open';
}

/** Runs `command url` detached, with no shell and nothing of its output kept. */
export function commandLauncher(command: string): Launcher {
  return (url) => {
    const child = spawn(command, [url], { shell: false, detached: true, stdio: 'ignore' });
    // A missing launcher (no desktop) costs only the tab: the notification was still shown.
    child.on('error', () => undefined);
    child.unref();
  };
}

/**
 * Whether `url` may go to the launcher: an http URL of exactly this origin. A launcher
 * opens whatever it is given (a file, another scheme's handler), so nothing else reaches it.
 */
export function isOwnUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && parsed.origin === origin && !parsed.username;
  } catch {
    return false;
  }
}

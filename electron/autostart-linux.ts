/**
 * Start at login on Linux. Electron's setLoginItemSettings only covers macOS and Windows;
 * desktop sessions on Linux start whatever has an entry in the XDG autostart folder.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../src/lib/json-file.ts';

const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/** Quotes one argument as the Desktop Entry spec's Exec key requires. */
export function quoteExecArg(arg: string): string {
  const literal = arg.replaceAll('%', '%%');
  if (literal !== '' && !RESERVED.test(literal)) return literal;
  // Inside quotes, " ` $ and \ need a backslash; the file's own string escaping then
  // doubles every backslash again.
  const escaped = literal.replace(/\\/g, '\\\\\\\\').replace(/(["`$])/g, '\\$1');
  return `"${escaped}"`;
}

export function autostartEntry(command: readonly string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=Perch',
    'Comment=Team chat in your tray',
    `Exec=${command.map(quoteExecArg).join(' ')}`,
    'Icon=perch',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function autostartFile(env: NodeJS.ProcessEnv, home: string): string {
  const configHome = env.XDG_CONFIG_HOME || join(home, '.config');
  return join(configHome, 'autostart', 'perch.desktop');
}

export interface LaunchContext {
  execPath: string;
  /** Set by the AppImage runtime: execPath then points into a mount that vanishes on exit. */
  appImage: string | undefined;
  /** True when running from source (`electron .`), where the app folder must be named. */
  defaultApp: boolean;
  appPath: string;
}

/** The command a login session should run to start Perch straight into the tray. */
export function loginCommand(launch: LaunchContext): string[] {
  if (launch.appImage) return [launch.appImage, '--hidden'];
  if (launch.defaultApp) return [launch.execPath, launch.appPath, '--hidden'];
  return [launch.execPath, '--hidden'];
}

export async function setLinuxAutostart(
  file: string,
  enabled: boolean,
  command: readonly string[],
): Promise<void> {
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await writeFileAtomically(file, autostartEntry(command), 0o644);
}

import { homedir } from 'node:os';
import { app } from 'electron';
import { autostartFile, loginCommand, setLinuxAutostart } from './autostart-linux.ts';

/** Makes the OS start Perch (hidden, in the tray) at login, or stop doing so. */
export async function applyStartAtLogin(enabled: boolean): Promise<void> {
  if (process.platform === 'linux') {
    const command = loginCommand({
      execPath: process.execPath,
      appImage: process.env.APPIMAGE,
      defaultApp: process.defaultApp === true,
      appPath: app.getAppPath(),
    });
    await setLinuxAutostart(autostartFile(process.env, homedir()), enabled, command);
    return;
  }
  // Windows passes `args` to the started app; macOS opens login items without arguments.
  app.setLoginItemSettings({ openAtLogin: enabled, args: ['--hidden'] });
}

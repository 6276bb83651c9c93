import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  autostartEntry,
  autostartFile,
  loginCommand,
  quoteExecArg,
  setLinuxAutostart,
} from '../../../electron/autostart-linux.ts';

describe('Exec quoting (Desktop Entry spec)', () => {
  it('leaves plain arguments alone', () => {
    expect(quoteExecArg('/opt/Perch/perch')).toBe('/opt/Perch/perch');
    expect(quoteExecArg('--hidden')).toBe('--hidden');
  });

  it('quotes paths with spaces and escapes what the spec reserves', () => {
    expect(quoteExecArg('/home/a b/Perch.AppImage')).toBe('"/home/a b/Perch.AppImage"');
    expect(quoteExecArg('/tmp/$HOME"`x')).toBe('"/tmp/\\$HOME\\"\\`x"');
    expect(quoteExecArg('C:\\x')).toBe('"C:\\\\\\\\x"');
  });

  it('doubles percent signs so they are not read as field codes', () => {
    expect(quoteExecArg('/opt/100%/perch')).toBe('/opt/100%%/perch');
  });

  it('keeps an empty argument as an empty quoted string', () => {
    expect(quoteExecArg('')).toBe('""');
  });
});

describe('the command a login session runs', () => {
  const base = {
    execPath: '/opt/Perch/perch',
    appImage: undefined,
    defaultApp: false,
    appPath: '/x',
  };

  it('starts an installed Perch hidden in the tray', () => {
    expect(loginCommand(base)).toEqual(['/opt/Perch/perch', '--hidden']);
  });

  it('starts the AppImage file, not its temporary mount', () => {
    expect(
      loginCommand({
        ...base,
        execPath: '/tmp/.mount_Perch/perch',
        appImage: '/home/u/Perch.AppImage',
      }),
    ).toEqual(['/home/u/Perch.AppImage', '--hidden']);
  });

  it('names the app folder when running from source', () => {
    expect(
      loginCommand({
        ...base,
        execPath: '/repo/node_modules/electron/dist/electron',
        defaultApp: true,
        appPath: '/repo',
      }),
    ).toEqual(['/repo/node_modules/electron/dist/electron', '/repo', '--hidden']);
  });
});

describe('the autostart entry on disk', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'perch-autostart-'));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it('lives in XDG_CONFIG_HOME when set, else ~/.config', () => {
    expect(autostartFile({ XDG_CONFIG_HOME: '/cfg' }, '/home/u')).toBe(
      '/cfg/autostart/perch.desktop',
    );
    expect(autostartFile({}, '/home/u')).toBe('/home/u/.config/autostart/perch.desktop');
  });

  it('is written when start at login is turned on and removed when turned off', async () => {
    const file = autostartFile({}, home);
    const command = ['/home/u/My Apps/Perch.AppImage', '--hidden'];
    await setLinuxAutostart(file, true, command);
    const text = await readFile(file, 'utf8');
    expect(text).toBe(autostartEntry(command));
    expect(text).toContain('Exec="/home/u/My Apps/Perch.AppImage" --hidden\n');
    expect(text.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);

    await setLinuxAutostart(file, false, command);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('turning it off when it was never on is not an error', async () => {
    await expect(setLinuxAutostart(autostartFile({}, home), false, [])).resolves.toBeUndefined();
  });
});

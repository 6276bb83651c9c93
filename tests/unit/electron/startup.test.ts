import { describe, expect, it } from 'vitest';
import { parseStartupOptions } from '../../../electron/startup.ts';

const electron = '/opt/Perch/perch';

describe('startup options', () => {
  it('starts normally with no flags', () => {
    expect(parseStartupOptions([electron], '/home/u')).toEqual({
      demo: false,
      hidden: false,
      dataDir: null,
    });
  });

  it('reads --demo and --hidden among Chromium switches and the app path', () => {
    const argv = [electron, '.', '--no-sandbox', '--demo', '--enable-features=X', '--hidden'];
    expect(parseStartupOptions(argv, '/home/u')).toMatchObject({ demo: true, hidden: true });
  });

  it('resolves a relative data folder against the working directory', () => {
    expect(parseStartupOptions([electron, '--data-dir', 'profiles/a'], '/home/u').dataDir).toBe(
      '/home/u/profiles/a',
    );
    expect(parseStartupOptions([electron, '--data-dir=/srv/perch'], '/home/u').dataDir).toBe(
      '/srv/perch',
    );
  });

  it('ignores a data-dir flag without a value instead of using a folder named "true"', () => {
    expect(parseStartupOptions([electron, '--data-dir'], '/home/u').dataDir).toBeNull();
  });

  it('does not take the executable path itself for a flag', () => {
    expect(parseStartupOptions(['--demo'], '/home/u').demo).toBe(false);
  });
});

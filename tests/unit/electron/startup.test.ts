import { describe, expect, it } from 'vitest';
import { parseStartupOptions } from '../../../electron/startup.ts';

const electron = '/opt/Perch/perch';

describe('startup options', () => {
  it('starts normally with no flags', () => {
    expect(parseStartupOptions([electron], '/home/u')).toEqual({
      demo: false,
      hidden: false,
      dataDir: null,
      secretStore: 'keychain',
    });
  });

  it('keeps keys in memory when --secret-store or PERCH_SECRET_STORE says so, the flag first', () => {
    expect(parseStartupOptions([electron, '--secret-store', 'memory'], '/h').secretStore).toBe(
      'memory',
    );
    expect(
      parseStartupOptions([electron], '/h', { PERCH_SECRET_STORE: 'memory' }).secretStore,
    ).toBe('memory');
    expect(
      parseStartupOptions([electron, '--secret-store=keychain'], '/h', {
        PERCH_SECRET_STORE: 'memory',
      }).secretStore,
    ).toBe('keychain');
  });

  it('refuses an unknown store by name, saying which values exist', () => {
    expect(() => parseStartupOptions([electron, '--secret-store', 'plaintext'], '/h')).toThrow(
      /--secret-store must be "keychain".*or "memory".*not "plaintext"/,
    );
    expect(() => parseStartupOptions([electron], '/h', { PERCH_SECRET_STORE: 'file' })).toThrow(
      /PERCH_SECRET_STORE must be/,
    );
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

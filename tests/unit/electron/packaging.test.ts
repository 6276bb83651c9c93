import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trayIconFile } from '../../../electron/tray-icons.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const config = readFileSync(join(root, 'electron-builder.yml'), 'utf8');

/** The values of `key:` entries, wherever they sit in the YAML. */
const valuesOf = (key: string) =>
  [...config.matchAll(new RegExp(`^\\s*(?:-\\s*)?${key}:\\s*(\\S+)\\s*$`, 'gm'))].map(
    (m) => m[1] ?? '',
  );

describe('electron-builder.yml', () => {
  it('names icon and resource paths that exist', () => {
    const paths = [...valuesOf('icon'), ...valuesOf('from')];
    expect(paths.length).toBeGreaterThanOrEqual(6);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it.each(['darwin', 'win32', 'linux'] as const)(
    'ships the %s tray icons where the running app looks for them',
    (platform) => {
      const folder = dirname(trayIconFile('none', platform));
      expect(valuesOf('from')).toContain(`resources/${folder}`);
      expect(valuesOf('to')).toContain(folder);
    },
  );
});

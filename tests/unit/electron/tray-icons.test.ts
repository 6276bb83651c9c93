import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRAY_STATES, trayIconFile, trayTooltip } from '../../../electron/tray-icons.ts';
import { pngSize } from './png.ts';

const resources = join(import.meta.dirname, '..', '..', '..', 'resources');
const platforms = [
  { platform: 'darwin', size: 16 },
  { platform: 'win32', size: 16 },
  { platform: 'linux', size: 22 },
] as const;

const at2x = (file: string) => file.replace(/\.png$/, '@2x.png');

describe.each(platforms)('tray icons on $platform', ({ platform, size }) => {
  it.each(TRAY_STATES)(
    '%s has a PNG at the panel size and a double-density one beside it',
    (state) => {
      const file = join(resources, trayIconFile(state, platform));
      expect(existsSync(file), file).toBe(true);
      expect(pngSize(file)).toEqual({ width: size, height: size });
      expect(pngSize(at2x(file))).toEqual({ width: size * 2, height: size * 2 });
    },
  );

  it('looks different in each state', () => {
    const digests = TRAY_STATES.map((state) =>
      createHash('sha256')
        .update(readFileSync(join(resources, trayIconFile(state, platform))))
        .digest('hex'),
    );
    expect(new Set(digests).size).toBe(TRAY_STATES.length);
  });
});

describe('macOS tray icons', () => {
  it('are template images, which macOS only recognizes by the file name', () => {
    for (const state of TRAY_STATES) {
      expect(trayIconFile(state, 'darwin')).toMatch(/Template\.png$/);
    }
  });
});

describe('tray hover text', () => {
  it('says nothing is unread in the calm state', () => {
    expect(trayTooltip('none', 0)).toBe('Perch: nothing unread');
  });

  it('gives the count, and says when mentions or DMs are among them', () => {
    expect(trayTooltip('unread', 12)).toBe('Perch: 12 unread');
    expect(trayTooltip('mention', 3)).toBe(
      'Perch: 3 unread, including mentions or direct messages',
    );
  });

  it('still says there is something unread when the badge setting hides the count', () => {
    expect(trayTooltip('unread', 0)).toBe('Perch: unread messages');
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngSize } from './png.ts';

const resources = join(import.meta.dirname, '..', '..', '..', 'resources');

describe('app icon', () => {
  it.each([16, 32, 48, 64, 128, 256, 512, 1024])(
    'has the %i px size Linux packages read from resources/icons',
    (size) => {
      expect(pngSize(join(resources, 'icons', `${size}x${size}.png`))).toEqual({
        width: size,
        height: size,
      });
    },
  );

  it('has the 1024 px master macOS and Windows installers are made from', () => {
    expect(pngSize(join(resources, 'icon.png'))).toEqual({ width: 1024, height: 1024 });
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { imageNames } from '../../../scripts/vite-emoji-images.ts';

const entries = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('emoji-datasource-google/emoji.json'),
    'utf8',
  ),
) as Parameters<typeof imageNames>[0];
const names = imageNames(entries);

describe('the emoji image list the build makes', () => {
  it('finds each image by the service’s code, without U+FE0F', () => {
    expect(names['1f419']).toBe('');
    expect(names['2764']).toBe('2764-fe0f');
    expect(names['1f44b-1f3fe']).toBe('');
  });

  it('covers almost the whole Unicode catalog, skin tones included', () => {
    expect(Object.keys(names).length).toBeGreaterThan(3500);
  });

  it('leaves out emoji the set has no image for', () => {
    const none = imageNames([
      { unified: '1FAEA', image: '1faea.png', has_img_google: false },
      { unified: '263A-FE0F', image: '263a-fe0f.png', has_img_google: true },
    ]);
    expect(none).toEqual({ '263a': '263a-fe0f' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  CacheRefused,
  newCacheKey,
  openCache,
  sealCacheTo,
  sealedLength,
} from '../../../../src/core/cache/cache-format.ts';

/** The file sealCacheTo writes, put together from the pieces at their positions. */
async function sealed(texts: string[], key: Buffer, accountId: string): Promise<Buffer> {
  const file = Buffer.alloc(sealedLength(texts));
  const length = await sealCacheTo(texts, key, accountId, async (bytes, position) => {
    file.set(bytes, position);
  });
  expect(length).toBe(file.length);
  return file;
}

describe('a cache sealed piece by piece', () => {
  it('opens to the texts joined, letters of every width across the pieces intact', async () => {
    const key = newCacheKey();
    // Past several 64 KB pieces, with characters of two, three and four UTF-8 bytes (a
    // surrogate pair in JavaScript) falling on the pieces' edges.
    const texts = [
      JSON.stringify({ name: 'Zoë' }),
      '\n',
      'ä€😀'.repeat(40_000),
      '\n',
      'x'.repeat(65_535) + '😀'.repeat(3),
      '\n',
      'null',
    ];
    const file = await sealed(texts, key, 'a-1');
    expect(openCache(file, key, 'a-1').toString('utf8')).toBe(texts.join(''));
  });

  it('is refused under another account or another key', async () => {
    const key = newCacheKey();
    const file = await sealed(['{"a":1}', '\n', 'null'], key, 'a-1');
    expect(() => openCache(file, key, 'a-2')).toThrow(CacheRefused);
    expect(() => openCache(file, newCacheKey(), 'a-1')).toThrow(CacheRefused);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CacheRefused,
  newCacheKey,
  openCache,
  openCacheBy,
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

  it('opens to the texts joined when they are many short ones, some split by a piece edge', async () => {
    const key = newCacheKey();
    // A snapshot's kept messages come as many texts of a few KB (snapshotTexts), packed into
    // each 64 KB piece one after another; a text of one 4-byte letter, a text left empty.
    const texts = Array.from({ length: 3000 }, (_, i) =>
      i % 500 === 0
        ? ''
        : i % 3 === 0
          ? '😀'
          : `{"id":${i},"content":"Zoë ${'x'.repeat(i % 97)}"},`,
    );
    const file = await sealed(texts, key, 'a-1');
    expect(file.length).toBeGreaterThan(2 * 64 * 1024);
    expect(openCache(file, key, 'a-1').toString('utf8')).toBe(texts.join(''));
  });

  it('is refused under another account or another key', async () => {
    const key = newCacheKey();
    const file = await sealed(['{"a":1}', '\n', 'null'], key, 'a-1');
    expect(() => openCache(file, key, 'a-2')).toThrow(CacheRefused);
    expect(() => openCache(file, newCacheKey(), 'a-1')).toThrow(CacheRefused);
  });
});

/** openCacheBy over the file's bytes, read in pieces of at most `step` bytes. */
async function openedBy(file: Buffer, key: Buffer, accountId: string, step = 1000) {
  const pieces: Buffer[] = [];
  await openCacheBy(
    file.length,
    async (into, position) => {
      const n = Math.max(0, Math.min(into.length, step, file.length - position));
      file.copy(into, 0, position, position + n);
      return n;
    },
    key,
    accountId,
    (plain) => pieces.push(Buffer.from(plain)),
  );
  return Buffer.concat(pieces).toString('utf8');
}

describe('a cache opened piece by piece', () => {
  it('gives the text sealed, read in short reads of any size', async () => {
    const key = newCacheKey();
    const texts = ['{"name":"Zoë"}', '\n', '😀'.repeat(50_000), '\n', '[]', '\n', 'null'];
    const file = await sealed(texts, key, 'a-1');
    expect(await openedBy(file, key, 'a-1')).toBe(texts.join(''));
    expect(await openedBy(file, key, 'a-1', 7)).toBe(texts.join(''));
  });

  it('refuses a file changed, cut short, of another account or under another key', async () => {
    const key = newCacheKey();
    const file = await sealed(['{"a":1}', '\n', 'x'.repeat(200_000)], key, 'a-1');
    const flipped = Buffer.from(file);
    flipped[flipped.length - 5]! ^= 1;
    const reasons = async (f: Buffer, k: Buffer, id: string) =>
      openedBy(f, k, id).then(
        () => 'opened',
        (err: unknown) => (err instanceof CacheRefused ? err.reason : String(err)),
      );
    expect(await reasons(flipped, key, 'a-1')).toBe('does-not-decrypt');
    expect(await reasons(file.subarray(0, file.length - 100), key, 'a-1')).toBe('does-not-decrypt');
    expect(await reasons(file.subarray(0, 20), key, 'a-1')).toBe('truncated');
    expect(await reasons(file, key, 'a-2')).toBe('does-not-decrypt');
    expect(await reasons(file, newCacheKey(), 'a-1')).toBe('does-not-decrypt');
    expect(
      await reasons(Buffer.from('not a cache at all, but long enough to be one'), key, 'a-1'),
    ).toBe('not-a-cache');
  });
});

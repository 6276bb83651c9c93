/**
 * The payload's four lines (src/core/cache/cache-payload.ts), gathered from its plaintext
 * whole or as the pieces a sealed file is deciphered in (cache-format.ts, openCacheBy).
 */
import { describe, expect, it } from 'vitest';
import { CacheRefused } from '../../../../src/core/cache/cache-format.ts';
import { decodePayload, PayloadLines } from '../../../../src/core/cache/cache-payload.ts';

describe("a cache payload's lines", () => {
  it('are the same whichever pieces the plaintext comes in, letters cut across two intact', () => {
    const lines = ['{"name":"Zoë"}', 'ä€😀'.repeat(10), '', 'null'];
    const plain = Buffer.from(lines.join('\n'), 'utf8');
    for (const size of [1, 2, 3, 5, plain.length]) {
      const gathered = new PayloadLines();
      for (let at = 0; at < plain.length; at += size) gathered.push(plain.subarray(at, at + size));
      expect(gathered.end()).toEqual(lines);
    }
  });

  it('refuse a payload of other than four lines', () => {
    for (const text of ['{}\nregister\nevents', '{}\nregister\nevents\nnull\nmore']) {
      expect(() => decodePayload(Buffer.from(text, 'utf8'), 'a-1')).toThrow(CacheRefused);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { encodeCredential } from '../../../../src/core/accounts/credential.ts';
import { KeyMemo } from '../../../../src/core/accounts/key-memo.ts';

/** A read of the secret store that answers when the test says so. */
function pendingRead(value: string | undefined) {
  let answer!: () => void;
  const read = () =>
    new Promise<string | undefined>((resolve) => {
      answer = () => resolve(value);
    });
  return { read, answer: () => answer() };
}

describe('KeyMemo', () => {
  it('gives the key and email of the entry it holds now, never of one it let go', async () => {
    const memo = new KeyMemo();
    const first = encodeCredential('ada@example.com', 'key-1');
    expect(memo.decoded('a', first)).toEqual({ email: 'ada@example.com', apiKey: 'key-1' });
    expect(memo.decoded('a', first)).toEqual({ email: 'ada@example.com', apiKey: 'key-1' });
    // A new sign-in writes another entry: the next call goes out with the new key.
    memo.set('a', encodeCredential('ada@example.com', 'key-2'));
    const now = await memo.get('a', async () => 'unused');
    expect(memo.decoded('a', now!)).toEqual({ email: 'ada@example.com', apiKey: 'key-2' });
    // An earlier Perch's bare key, and another account's entry, each read as their own.
    expect(memo.decoded('b', 'bare-key')).toEqual({ email: undefined, apiKey: 'bare-key' });
    expect(memo.decoded('a', now!).apiKey).toBe('key-2');
  });

  it('reads the store once and answers from memory after', async () => {
    const memo = new KeyMemo();
    let reads = 0;
    const read = async () => {
      reads++;
      return 'ada\nkey-1';
    };
    expect(await memo.get('a', read)).toBe('ada\nkey-1');
    expect(await memo.get('a', read)).toBe('ada\nkey-1');
    expect(reads).toBe(1);
  });

  it('answers calls that come together while the store is read from that one read', async () => {
    const memo = new KeyMemo();
    let reads = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const read = async () => {
      reads++;
      await answered;
      return 'ada\nkey-1';
    };
    const together = [memo.get('a', read), memo.get('a', read), memo.get('a', read)];
    answer();
    expect(await Promise.all(together)).toEqual(['ada\nkey-1', 'ada\nkey-1', 'ada\nkey-1']);
    expect(await memo.get('a', read)).toBe('ada\nkey-1');
    expect(reads).toBe(1);
  });

  it('does not hand a read under way to a call after the key changed, nor keep a failed one', async () => {
    const memo = new KeyMemo();
    const stale = pendingRead('ada\nold');
    const first = memo.get('a', stale.read);
    memo.drop('a');
    const fresh = pendingRead('ada\nnew');
    const second = memo.get('a', fresh.read);
    fresh.answer();
    stale.answer();
    expect(await first).toBe('ada\nold');
    expect(await second).toBe('ada\nnew');
    expect(await memo.get('a', async () => 'unused')).toBe('ada\nnew');

    const memo2 = new KeyMemo();
    await expect(
      memo2.get('b', async () => {
        throw new Error('The keychain is locked');
      }),
    ).rejects.toThrow('locked');
    // The failed read is not shared with the next call: it asks the store again.
    expect(await memo2.get('b', async () => 'bob\nkey')).toBe('bob\nkey');
  });

  it('does not keep a missing key: the next use asks the store again', async () => {
    const memo = new KeyMemo();
    let reads = 0;
    const read = async () => {
      reads++;
      return undefined;
    };
    await memo.get('a', read);
    await memo.get('a', read);
    expect(reads).toBe(2);
  });

  it('does not keep a read that was under way when the key changed or went', async () => {
    const memo = new KeyMemo();
    const stale = pendingRead('ada\nold');
    const reading = memo.get('a', stale.read);
    memo.set('a', 'ada\nnew');
    stale.answer();
    expect(await reading).toBe('ada\nold');
    expect(await memo.get('a', async () => 'unused')).toBe('ada\nnew');

    const gone = pendingRead('ada\nnew');
    memo.drop('a');
    const again = memo.get('a', gone.read);
    memo.drop('a');
    gone.answer();
    await again;
    expect(await memo.get('a', async () => undefined)).toBeUndefined();
  });
});

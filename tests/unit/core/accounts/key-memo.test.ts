import { describe, expect, it } from 'vitest';
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

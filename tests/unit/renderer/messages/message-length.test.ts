import { describe, expect, it } from 'vitest';
import { lengthCounter } from '../../../../src/renderer/views/messages/message-length.ts';

describe('lengthCounter: compose near the server limit', () => {
  it('says nothing well within the limit or before the limit is known', () => {
    expect(lengthCounter('a'.repeat(899), 1000)).toBeUndefined();
    expect(lengthCounter('a'.repeat(5000), undefined)).toBeUndefined();
  });

  it('from 90 % of the limit, says how many characters are left', () => {
    expect(lengthCounter('a'.repeat(900), 1000)).toEqual({
      text: '100 characters left',
      over: false,
    });
    expect(lengthCounter('a'.repeat(999), 1000)?.text).toBe('1 character left');
    expect(lengthCounter('a'.repeat(1000), 1000)?.text).toBe('0 characters left');
  });

  it('past the limit, says how many too many', () => {
    expect(lengthCounter('a'.repeat(11_234), 10_000)).toEqual({
      text: '1,234 characters over the limit',
      over: true,
    });
  });

  it('counts code points, as the server does', () => {
    expect(lengthCounter('😀'.repeat(950), 1000)?.text).toBe('50 characters left');
  });
});

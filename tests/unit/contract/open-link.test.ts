import { describe, expect, it } from 'vitest';
import { openTargetIn, withOpenTarget } from '../../../src/contract/open-link.ts';

describe('a conversation carried in the page URL', () => {
  const target = {
    accountId: 'acc-1',
    messageId: 42,
    narrow: [
      { operator: 'channel' as const, operand: 3 },
      { operator: 'topic' as const, operand: 'a & b "quoted" #1' },
    ],
  };

  it('keeps the token and comes back whole, whatever the topic holds', () => {
    const url = new URL(withOpenTarget('http://127.0.0.1:4100/?token=t0k', target));
    expect(url.searchParams.get('token')).toBe('t0k');
    expect(openTargetIn(url.search)).toEqual(target);
  });

  it('ignores a URL with no target, or one that is not a valid target', () => {
    expect(openTargetIn('?token=t0k')).toBeUndefined();
    expect(openTargetIn('?open=not-json')).toBeUndefined();
    expect(openTargetIn(`?open=${encodeURIComponent('{"accountId":1}')}`)).toBeUndefined();
  });
});

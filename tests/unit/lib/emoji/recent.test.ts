import { describe, expect, it } from 'vitest';
import { parseRecent, rememberRecent } from '../../../../src/lib/emoji/recent.ts';

const tada = { name: 'tada', code: '1f389', type: 'unicode_emoji' } as const;
const parrot = { name: 'party_parrot', code: '1', type: 'realm_emoji' } as const;

describe('recently used emoji', () => {
  it('puts the latest first and keeps each emoji once', () => {
    const once = rememberRecent([], tada);
    const twice = rememberRecent(rememberRecent(once, parrot), tada);
    expect(twice).toEqual([tada, parrot]);
  });

  it('forgets the oldest past the limit', () => {
    let list = rememberRecent([], tada, 2);
    list = rememberRecent(list, parrot, 2);
    list = rememberRecent(list, { name: 'fire', code: '1f525', type: 'unicode_emoji' }, 2);
    expect(list.map((e) => e.name)).toEqual(['fire', 'party_parrot']);
  });

  it('reads back only well-formed stored entries', () => {
    expect(parseRecent('nonsense')).toEqual([]);
    expect(parseRecent([tada, { name: 1 }, null, { ...parrot, type: 'other' }])).toEqual([tada]);
  });
});

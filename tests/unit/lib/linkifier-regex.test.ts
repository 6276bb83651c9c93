import { describe, expect, it } from 'vitest';
import {
  compileLinkifierRegex,
  findMatches,
  firstMatchIndex,
  matchAtStart,
  matchWhole,
  type LinkifierRegex,
} from '../../../src/lib/linkifier-regex.ts';

function compiled(pattern: string): LinkifierRegex {
  const result = compileLinkifierRegex(pattern);
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('linkifier patterns under RE2', () => {
  it('reads Python-style and JavaScript-style named groups, in pattern order', () => {
    expect(compiled('(?P<org>[a-z]+)/(?<num>\\d+)').groups).toEqual(['org', 'num']);
  });

  it('refuses backreferences and lookaround, saying why in words', () => {
    expect(compileLinkifierRegex('(a)\\1')).toEqual({
      error: 'invalid escape sequence: `\\1`; backreferences are not supported',
    });
    expect(compileLinkifierRegex('(?<x>a)\\k<x>')).toMatchObject({
      error: expect.stringContaining('backreferences are not supported'),
    });
    for (const p of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
      expect(compileLinkifierRegex(p)).toMatchObject({
        error: expect.stringContaining('lookahead and lookbehind are not supported'),
      });
    }
    // A literal backslash followed by a digit is no backreference.
    expect(compileLinkifierRegex('x\\\\1')).toMatchObject({ groups: [] });
  });

  it('finds every non-empty match with offsets String.slice agrees with, past astral characters', () => {
    const text = '😀 see #12 and #345, é#6';
    const found = findMatches(compiled('#(?P<id>[0-9]+)'), text);
    expect(found.map((m) => [text.slice(m.index, m.index + m.text.length), m.groups.id])).toEqual([
      ['#12', '12'],
      ['#345', '345'],
      ['#6', '6'],
    ]);
    expect(findMatches(compiled('x*'), 'axxb')).toEqual([{ index: 1, text: 'xx', groups: {} }]);
    expect(findMatches(compiled('[0-9]'), '1 2 3 4', 2)).toHaveLength(2);
  });

  it('gives undefined for a group that took no part in the match', () => {
    expect(findMatches(compiled('(?P<a>x)|(?P<b>y)'), 'y')[0]?.groups).toEqual({
      a: undefined,
      b: 'y',
    });
  });

  it('matches the whole text only when asked to', () => {
    const issue = compiled('#(?P<id>[0-9]+)');
    expect(matchWhole(issue, '#42')).toEqual({ id: '42' });
    expect(matchWhole(issue, 'x #42')).toBeNull();
    expect(firstMatchIndex(issue, 'x #42')).toBe(2);
    expect(firstMatchIndex(issue, 'none')).toBeUndefined();
    expect(matchAtStart(issue, '#7 and #8')).toEqual({ index: 0, text: '#7', groups: { id: '7' } });
    expect(matchAtStart(issue, 'x #7')).toBeUndefined();
    expect(matchAtStart(compiled('a*'), 'b')).toBeUndefined();
  });

  it.each(['(a|a)*b', '(a|aa)*b', '\\d*\\d*\\d*x', '(a+)+b'])(
    'runs %s over 10 000 adversarial characters and finds nothing',
    (pattern) => {
      const re = compiled(pattern);
      for (const ch of ['a', '1']) {
        const text = ch.repeat(10_000);
        expect(findMatches(re, text)).toEqual([]);
        expect(matchWhole(re, text)).toBeNull();
      }
    },
  );
});

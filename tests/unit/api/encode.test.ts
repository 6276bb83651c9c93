import { describe, expect, it } from 'vitest';
import { encodeParams, encodeValue, pathSegment } from '../../../src/api/encode.ts';

describe('encodeValue', () => {
  it('sends a plain string as it is, without JSON quotes', () => {
    expect(encodeValue('newest')).toBe('newest');
    expect(encodeValue('#ff0000')).toBe('#ff0000');
  });

  it('sends numbers, booleans and null as JSON text', () => {
    expect(encodeValue(5000)).toBe('5000');
    expect(encodeValue(true)).toBe('true');
    expect(encodeValue(false)).toBe('false');
    expect(encodeValue(null)).toBe('null');
  });

  it('sends lists and objects as JSON text', () => {
    expect(encodeValue([1, 2])).toBe('[1,2]');
    expect(encodeValue([{ operator: 'channel', operand: 'general' }])).toBe(
      '[{"operator":"channel","operand":"general"}]',
    );
    expect(encodeValue({ bulk_message_deletion: true })).toBe('{"bulk_message_deletion":true}');
  });
});

describe('encodeParams', () => {
  it('form-encodes every defined parameter and leaves out undefined ones', () => {
    const text = encodeParams({ anchor: 'newest', num_before: 10, narrow: [], skip: undefined });
    const back = new URLSearchParams(text);
    expect([...back.keys()]).toEqual(['anchor', 'num_before', 'narrow']);
    expect(back.get('num_before')).toBe('10');
    expect(back.get('narrow')).toBe('[]');
  });

  it('keeps null, which means "never" for some parameters', () => {
    const back = new URLSearchParams(encodeParams({ invite_expires_in_minutes: null }));
    expect(back.get('invite_expires_in_minutes')).toBe('null');
  });

  it('round-trips characters that are special in forms', () => {
    const content = 'a&b=c+d %e\nüñ @**all**';
    const back = new URLSearchParams(encodeParams({ content, to: [3, 4] }));
    expect(back.get('content')).toBe(content);
    expect(JSON.parse(back.get('to') ?? '')).toEqual([3, 4]);
  });
});

describe('pathSegment', () => {
  it('writes an integer id as decimal text', () => {
    expect(pathSegment(42)).toBe('42');
  });

  it('escapes text so that it cannot add path segments or a query', () => {
    expect(pathSegment('../x?y=1')).toBe('..%2Fx%3Fy%3D1');
  });

  it('refuses a non-integer id rather than building a wrong path', () => {
    expect(() => pathSegment(1.5)).toThrow(RangeError);
    expect(() => pathSegment(Number.NaN)).toThrow(RangeError);
  });
});

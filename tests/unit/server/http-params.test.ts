import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/server/http/errors.ts';
import { Params } from '../../../src/server/http/params.ts';

const params = (o: Record<string, string>) => new Params(new Map(Object.entries(o)));

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('Params', () => {
  it('parses JSON-encoded integers, booleans and lists', () => {
    const p = params({ n: '42', b: 'true', ids: '[1,2,3]', names: '["a","b"]' });
    expect(p.int('n')).toBe(42);
    expect(p.bool('b')).toBe(true);
    expect(p.intList('ids')).toEqual([1, 2, 3]);
    expect(p.stringList('names')).toEqual(['a', 'b']);
  });

  it('reports a missing parameter as REQUEST_VARIABLE_MISSING with var_name', () => {
    const e = errorOf(() => params({}).int('anchor_id'));
    expect([e.code, e.status, e.extra.var_name]).toEqual([
      'REQUEST_VARIABLE_MISSING',
      400,
      'anchor_id',
    ]);
  });

  it('names the parameter of a malformed or out-of-range value', () => {
    expect(errorOf(() => params({ n: '1.5' }).int('n')).message).toContain('n ');
    expect(errorOf(() => params({ n: '7' }).int('n', { max: 5 })).message).toContain(
      'out of range',
    );
    expect(errorOf(() => params({ b: 'yes' }).bool('b')).code).toBe('BAD_REQUEST');
    expect(errorOf(() => params({ ids: '[1,"x"]' }).intList('ids')).message).toContain('ids');
  });

  it('reports two or more incompatible parameters in `parameters`', () => {
    const p = params({ anchor: '5', message_ids: '[1]', num_after: '3' });
    const e = errorOf(() => p.incompatible('message_ids', 'anchor', 'num_before', 'num_after'));
    expect(e.extra.parameters).toBe('message_ids, anchor, num_after');
    expect(() => params({ anchor: '1' }).incompatible('message_ids', 'anchor')).not.toThrow();
  });

  it('tracks parameters nobody read', () => {
    const p = params({ used: '1', extra: '2' });
    p.optInt('used');
    expect(p.unread()).toEqual(['extra']);
  });

  it('accepts nullable integers', () => {
    const p = params({ a: 'null', b: '3' });
    expect(p.optNullableInt('a')).toBeNull();
    expect(p.optNullableInt('b')).toBe(3);
    expect(p.optNullableInt('c')).toBeUndefined();
  });

  it('accepts one of a fixed set of strings, plain or JSON-encoded', () => {
    const p = params({ a: 'unicode_emoji', b: '"realm_emoji"', c: 'other' });
    const kinds = ['unicode_emoji', 'realm_emoji'] as const;
    expect(p.optEnum('a', kinds)).toBe('unicode_emoji');
    expect(p.optEnum('b', kinds)).toBe('realm_emoji');
    expect(errorOf(() => p.optEnum('c', kinds)).message).toContain('c ');
    expect(p.optEnum('d', kinds)).toBeUndefined();
  });
});

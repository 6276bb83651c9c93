import { describe, expect, it } from 'vitest';
import {
  expandTemplate,
  templateVariables,
} from '../../../../src/renderer/views/admin/rules-people/uri-template.ts';

const values = { id: '42', q: 'a b/c', empty: '', org: 'perch' };

describe('RFC 6570 expansion of a linkifier URL template', () => {
  it('percent-encodes reserved characters in simple expansion', () => {
    expect(expandTemplate('https://x.test/{id}?q={q}', values)).toBe(
      'https://x.test/42?q=a%20b%2Fc',
    );
  });

  it('keeps reserved characters with + and #', () => {
    expect(expandTemplate('https://x.test/{+q}', values)).toBe('https://x.test/a%20b/c');
    expect(expandTemplate('https://x.test/p{#q}', values)).toBe('https://x.test/p#a%20b/c');
  });

  it('writes name=value pairs for query and path-parameter operators', () => {
    expect(expandTemplate('https://x.test/s{?id,q}', values)).toBe(
      'https://x.test/s?id=42&q=a%20b%2Fc',
    );
    expect(expandTemplate('https://x.test/s{?id}{&empty}', values)).toBe(
      'https://x.test/s?id=42&empty=',
    );
    expect(expandTemplate('https://x.test/s{;empty,id}', values)).toBe(
      'https://x.test/s;empty;id=42',
    );
  });

  it('joins path segments and labels, and leaves out variables with no value', () => {
    expect(expandTemplate('https://x.test{/org,id,missing}', values)).toBe(
      'https://x.test/perch/42',
    );
    expect(expandTemplate('https://www{.org}.test/', values)).toBe('https://www.perch.test/');
  });

  it('applies the prefix modifier and encodes non-ASCII as UTF-8', () => {
    expect(expandTemplate('https://x.test/{q:3}', values)).toBe('https://x.test/a%20b');
    expect(expandTemplate('https://x.test/{v}', { v: 'é€' })).toBe(
      'https://x.test/%C3%A9%E2%82%AC',
    );
  });

  it('lists the variables of a template and rejects stray braces', () => {
    expect(templateVariables('https://x.test/{org}/{+path}{?id,q}')).toEqual({
      names: ['org', 'path', 'id', 'q'],
    });
    expect(templateVariables('https://x.test/{id')).toHaveProperty('error');
    expect(templateVariables('https://x.test/{bad name}')).toHaveProperty('error');
    expect(templateVariables('https://x.test/{=id}')).toHaveProperty('error');
  });
});

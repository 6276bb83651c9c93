/** RFC 6570 templates as the `%(name)s` format strings of servers before FL 176. */
import { describe, expect, it } from 'vitest';
import { UnsupportedByServerError } from '../../../src/api/errors.ts';
import { toUrlFormatString } from '../../../src/api/routes/linkifiers.ts';

describe('a URL template for a server before FL 176', () => {
  it('turns each {name} variable into %(name)s', () => {
    expect(toUrlFormatString('https://t.test/{org}/issues/{id_2}', 175)).toBe(
      'https://t.test/%(org)s/issues/%(id_2)s',
    );
  });

  it('doubles a literal percent sign, percent-encoded text included', () => {
    expect(toUrlFormatString('https://t.test/a%20b?q={id}&p=5%', 175)).toBe(
      'https://t.test/a%%20b?q=%(id)s&p=5%%',
    );
  });

  it('leaves a template without variables as it is', () => {
    expect(toUrlFormatString('https://t.test/help', 175)).toBe('https://t.test/help');
  });

  const inexpressible = [
    'https://t.test/{+path}',
    'https://t.test/{#frag}',
    'https://t.test/x{/segments}',
    'https://t.test/x{?q,page}',
    'https://t.test/{a,b}',
    'https://t.test/{id:3}',
    'https://t.test/{list*}',
    'https://t.test/{}',
    'https://t.test/{id',
    'https://t.test/id}',
  ];
  for (const template of inexpressible) {
    it(`refuses ${template} before sending`, () => {
      let error: unknown;
      try {
        toUrlFormatString(template, 120);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UnsupportedByServerError);
      expect(error).toMatchObject({ requiredFeatureLevel: 176, serverFeatureLevel: 120 });
    });
  }
});

import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../src/api/errors.ts';
import {
  addLinkifier,
  getLinkifiers,
  removeLinkifier,
} from '../../../src/api/routes/linkifiers.ts';
import { ROLE, failure, useServer } from './harness.ts';

describe('linkifiers', () => {
  const h = useServer();

  it('adds a linkifier with a reverse template, lists it and removes it', async () => {
    const admin = h.as(ROLE.admin);
    const { data } = await addLinkifier(admin, {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.test/issues/{id}',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://tracker.test/i/{id}'],
      example_input: '#123',
    });
    const listed = (await getLinkifiers(admin)).data.linkifiers.find((l) => l.id === data.id);
    expect(listed).toMatchObject({
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.test/issues/{id}',
      reverse_template: '#{id}',
    });
    await removeLinkifier(admin, data.id);
    expect((await getLinkifiers(admin)).data.linkifiers.some((l) => l.id === data.id)).toBe(false);
  });

  it('gives BAD_REQUEST when the reverse template does not regenerate the example', async () => {
    const error = await failure(
      addLinkifier(h.as(ROLE.admin), {
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://tracker.test/issues/{id}',
        reverse_template: 'issue {id} of {other}',
        example_input: '#123',
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });
});

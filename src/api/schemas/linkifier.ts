/** Spec 2.7 linkifier and the responses of spec 4.16. */
import { z } from 'zod';
import { integer, renamedFrom, stringList } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const linkifierFields = lazySchema(() =>
  z.looseObject({
    id: integer,
    pattern: z.string(),
    url_template: z.string(),
    reverse_template: z.string().nullable().optional(),
    alternative_url_templates: stringList.optional(),
  }),
);

/** Servers before FL 176 name the template `url_format_string`; callers always see `url_template`. */
export const linkifierSchema = lazySchema(() =>
  z.preprocess(renamedFrom('url_format_string', 'url_template'), linkifierFields),
);
export type Linkifier = z.infer<typeof linkifierSchema>;

export const getLinkifiersResponse = lazySchema(() =>
  z.looseObject({ linkifiers: z.array(linkifierSchema) }),
);
export const addLinkifierResponse = lazySchema(() => z.looseObject({ id: integer }));

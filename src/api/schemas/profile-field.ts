/** Spec 2.6 custom profile field and the responses of spec 4.8. */
import { z } from 'zod';
import { integer, renamedFrom } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/**
 * The spec describes an object; servers of this kind send it as JSON text, "" when a type
 * has no configuration. Both reach the caller as an object.
 */
const fieldDataSchema = lazySchema(() =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      if (value === '') return {};
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z.record(z.string(), z.unknown()),
  ),
);

/**
 * The widely deployed server calls the spec's `field_type` `type`, sends
 * `display_in_profile_summary` only when true, and added `required` at FL 244 and
 * `editable_by_user` at FL 296. Callers always see all four, with the server's defaults.
 */
export const customProfileFieldSchema = lazySchema(() =>
  z.preprocess(
    renamedFrom('type', 'field_type'),
    z.looseObject({
      id: integer,
      name: z.string(),
      hint: z.string(),
      field_type: integer,
      field_data: fieldDataSchema,
      display_in_profile_summary: z.boolean().default(false),
      required: z.boolean().default(false),
      editable_by_user: z.boolean().default(true),
      // Present only when true.
      use_for_user_matching: z.boolean().optional(),
    }),
  ),
);
export type CustomProfileField = z.infer<typeof customProfileFieldSchema>;

export const getProfileFieldsResponse = lazySchema(() =>
  z.looseObject({
    custom_fields: z.array(customProfileFieldSchema),
  }),
);
export const createProfileFieldResponse = lazySchema(() => z.looseObject({ id: integer }));

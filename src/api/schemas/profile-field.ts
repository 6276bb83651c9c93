/** Spec 2.6 custom profile field and the responses of spec 4.8. */
import { z } from 'zod';
import { integer } from './common.ts';

/**
 * The spec describes an object; servers of this kind send it as JSON text, "" when a type
 * has no configuration. Both reach the caller as an object.
 */
const fieldDataSchema = z.preprocess(
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
);

export const customProfileFieldSchema = z.looseObject({
  id: integer,
  name: z.string(),
  hint: z.string(),
  field_type: integer,
  field_data: fieldDataSchema,
  display_in_profile_summary: z.boolean(),
  required: z.boolean(),
  editable_by_user: z.boolean(),
  // Present only when true.
  use_for_user_matching: z.boolean().optional(),
});
export type CustomProfileField = z.infer<typeof customProfileFieldSchema>;

export const getProfileFieldsResponse = z.looseObject({
  custom_fields: z.array(customProfileFieldSchema),
});
export const createProfileFieldResponse = z.looseObject({ id: integer });

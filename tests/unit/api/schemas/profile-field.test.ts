import { describe, expect, it } from 'vitest';
import { getProfileFieldsResponse } from '../../../../src/api/schemas/profile-field.ts';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import { decode, malformed, without } from './helpers.ts';

/**
 * CustomProfileField objects as the widely deployed server sends them: `type` for the
 * spec's field_type, display_in_profile_summary only when true, field_data as JSON text.
 */
const current = {
  id: 1,
  type: 3,
  order: 1,
  name: 'Favorite editor',
  hint: '',
  field_data: '{"0":{"text":"Vim","order":"1"},"1":{"text":"Emacs","order":"2"}}',
  required: true,
  editable_by_user: false,
  display_in_profile_summary: true,
};
/** FL 247: `required` (FL 244) but no `editable_by_user` (FL 296) yet, not in the summary. */
const fl247 = {
  id: 2,
  type: 8,
  order: 2,
  name: 'Pronouns',
  hint: 'What to call you',
  field_data: '',
};
/** Before FL 244: neither flag. */
const older = { id: 3, type: 1, order: 3, name: 'Phone', hint: '', field_data: '' };

describe('custom profile field schema', () => {
  it('shows `type` as field_type and fills the flags the server left out', () => {
    const { custom_fields } = decode('GET /realm/profile_fields', getProfileFieldsResponse, {
      custom_fields: [current, { ...fl247, required: false }, older],
    });
    expect(
      custom_fields.map((f) => [
        f.id,
        f.field_type,
        f.display_in_profile_summary,
        f.required,
        f.editable_by_user,
      ]),
    ).toEqual([
      [1, 3, true, true, false],
      [2, 8, false, false, true],
      [3, 1, false, false, true],
    ]);
    expect(custom_fields[0]?.field_data).toEqual({
      '0': { text: 'Vim', order: '1' },
      '1': { text: 'Emacs', order: '2' },
    });
  });

  it('does the same in register', () => {
    const register = decode('POST /register', registerResponse, {
      queue_id: 'q',
      last_event_id: -1,
      custom_profile_fields: [older],
    });
    expect(register.custom_profile_fields?.[0]).toMatchObject({
      field_type: 1,
      display_in_profile_summary: false,
      required: false,
      editable_by_user: true,
    });
  });

  it('keeps the spec’s field_type', () => {
    const spec = { ...without(older, 'type'), field_type: 5 };
    const { custom_fields } = decode('GET /realm/profile_fields', getProfileFieldsResponse, {
      custom_fields: [spec],
    });
    expect(custom_fields[0]?.field_type).toBe(5);
  });

  it('still names a truly required field that is missing', () => {
    const noType = { custom_fields: [current, without(older, 'type')] };
    expect(malformed('GET /realm/profile_fields', getProfileFieldsResponse, noType).path).toBe(
      'custom_fields.1.field_type',
    );
    const noName = { custom_fields: [without(current, 'name')] };
    expect(malformed('GET /realm/profile_fields', getProfileFieldsResponse, noName).path).toBe(
      'custom_fields.0.name',
    );
  });
});

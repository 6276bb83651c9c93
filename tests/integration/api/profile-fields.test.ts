import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  RequestVariableMissingError,
  UnauthorizedPrincipalError,
} from '../../../src/api/errors.ts';
import { createProfileField, getProfileFields } from '../../../src/api/routes/profile-fields.ts';
import { ROLE, failure, useServer } from './harness.ts';

describe('custom profile fields', () => {
  const h = useServer();

  it('creates a dropdown field and lists it with its choices', async () => {
    const admin = h.as(ROLE.admin);
    const { data } = await createProfileField(admin, {
      name: 'Team',
      hint: 'Which team?',
      field_type: 3,
      field_data: { a: { text: 'Core', order: '1' }, b: { text: 'Apps', order: '2' } },
      required: false,
      editable_by_user: true,
    });
    const field = (await getProfileFields(admin)).data.custom_fields.find((f) => f.id === data.id);
    expect(field).toMatchObject({ name: 'Team', field_type: 3, editable_by_user: true });
    expect(field?.field_data).toMatchObject({ a: { text: 'Core' } });
  });

  it('allows at most two fields in the profile summary', async () => {
    const admin = h.as(ROLE.admin);
    const make = (name: string) =>
      createProfileField(admin, { name, field_type: 1, display_in_profile_summary: true });
    const existing = (await getProfileFields(admin)).data.custom_fields.filter(
      (f) => f.display_in_profile_summary,
    );
    for (let i = existing.length; i < 2; i++) await make(`Summary ${i}`);
    expect(await failure(make('One too many'))).toBeInstanceOf(BadRequestError);
  });

  it('refuses a non-administrator', async () => {
    expect(
      await failure(createProfileField(h.as(ROLE.member), { name: 'x', field_type: 1 })),
    ).toBeInstanceOf(UnauthorizedPrincipalError);
  });

  it('names field_type when it is missing', async () => {
    const error = await failure(
      createProfileField(h.as(ROLE.admin), { name: 'x' } as Parameters<
        typeof createProfileField
      >[1]),
    );
    expect(error).toBeInstanceOf(RequestVariableMissingError);
    expect((error as RequestVariableMissingError).varName).toBe('field_type');
  });
});

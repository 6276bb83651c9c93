import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;

const createField = (params: Record<string, unknown>) =>
  call(server, byRole(server, 200), 'POST', '/realm/profile_fields', params);
afterEach(() => server.close());

const DROPDOWN = { a: { text: 'Apples', order: '1' }, b: { text: 'Bananas', order: '2' } };

describe('custom profile fields (spec 4.8)', () => {
  it('creates a field of every type and lists them in order, telling every user', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const w = await watch(server, byRole(server, 400), ['custom_profile_fields']);
    const extra: Record<number, Record<string, unknown>> = {
      3: { field_data: DROPDOWN },
      7: { field_data: { subtype: 'github' } },
    };
    const ids: number[] = [];
    for (let type = 1; type <= 8; type++) {
      const body = await ok(server, admin, 'POST', '/realm/profile_fields', {
        name: type === 7 ? undefined : `Field ${type}`,
        hint: 'h',
        field_type: type,
        ...extra[type],
      });
      ids.push(body.id as number);
    }
    const fields = (await ok(server, byRole(server, 600), 'GET', '/realm/profile_fields'))
      .custom_fields as Record<string, unknown>[];
    // The fixed organization starts with one field ("Office location").
    const added = fields.slice(1);
    expect(added.map((f) => f.id)).toEqual(ids);
    expect(added.map((f) => f.field_type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(JSON.parse(added[2]?.field_data as string)).toEqual(DROPDOWN);
    expect(await w.events()).toHaveLength(8);
  });

  it('allows at most two fields in the profile summary and never a users field', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    // "Office location" of the fixed organization is already shown in the summary.
    await ok(server, admin, 'POST', '/realm/profile_fields', {
      name: 'Two',
      field_type: 1,
      display_in_profile_summary: true,
    });
    const third = await createField({
      name: 'Three',
      field_type: 1,
      display_in_profile_summary: true,
    });
    expect(third.body.code).toBe('BAD_REQUEST');
    const users = await createField({
      name: 'Buddy',
      field_type: 6,
      display_in_profile_summary: true,
    });
    expect(users.body.code).toBe('BAD_REQUEST');
  });

  it('refuses paragraph fields in the summary before FL 476', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 475 });
    const r = await call(server, byRole(server, 200), 'POST', '/realm/profile_fields', {
      name: 'Bio',
      field_type: 2,
      display_in_profile_summary: true,
    });
    expect(r.body.code).toBe('BAD_REQUEST');
  });

  it('limits use_for_user_matching to short text and external accounts, and validates field_type and field_data', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const matching = await createField({
      name: 'Birthday',
      field_type: 4,
      use_for_user_matching: true,
    });
    expect(matching.body.code).toBe('BAD_REQUEST');
    const created = await ok(server, admin, 'POST', '/realm/profile_fields', {
      name: 'Handle',
      field_type: 1,
      use_for_user_matching: true,
    });
    const fields = (await ok(server, admin, 'GET', '/realm/profile_fields'))
      .custom_fields as Record<string, unknown>[];
    expect(fields.find((f) => f.id === created.id)).toMatchObject({
      id: created.id,
      use_for_user_matching: true,
    });
    expect((await createField({ name: 'Bad', field_type: 9 })).body.msg).toContain('field_type');
    expect((await createField({ name: 'Menu', field_type: 3 })).body.msg).toContain('field_data');
    expect((await createField({ name: 'Missing' })).body.var_name).toBe('field_type');
  });

  it('is for administrators only', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 300), 'POST', '/realm/profile_fields', {
      name: 'X',
      field_type: 1,
    });
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: false });
});
afterAll(() => server.close());

type Folder = Record<string, unknown>;

async function folders(includeArchived = false): Promise<Folder[]> {
  const body = await ok(
    server,
    byRole(server, 400),
    'GET',
    '/channel_folders',
    includeArchived ? { include_archived: true } : {},
  );
  return body.channel_folders as Folder[];
}

describe('channel folders (spec 4.3, 4.6)', () => {
  it('lists the folders with the fields of spec 2.5', async () => {
    expect(await folders()).toContainEqual(
      expect.objectContaining({
        channel_folder_id: expect.any(Number),
        name: 'Engineering',
        description: expect.any(String),
        is_archived: false,
      }),
    );
  });

  it('creates a folder for an administrator and tells every user', async () => {
    const w = await watch(server, byRole(server, 600), ['channel_folder']);
    const body = await ok(server, byRole(server, 200), 'POST', '/channel_folders/create', {
      name: 'Design',
      description: '',
    });
    const id = body.channel_folder_id as number;
    expect((await folders()).map((f) => f.name)).toContain('Design');
    expect(await w.events()).toContainEqual(
      expect.objectContaining({
        type: 'channel_folder',
        op: 'add',
        channel_folder: expect.objectContaining({ channel_folder_id: id, name: 'Design' }),
      }),
    );
  });

  it('refuses non-administrators with UNAUTHORIZED_PRINCIPAL', async () => {
    const r = await call(server, byRole(server, 300), 'POST', '/channel_folders/create', {
      name: 'Mods',
      description: '',
    });
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    const patch = await call(server, byRole(server, 400), 'PATCH', `/channel_folders/1`, {
      name: 'Nope',
    });
    expect(patch.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('requires description to be sent, and bounds name and description', async () => {
    const admin = byRole(server, 200);
    const noDesc = await call(server, admin, 'POST', '/channel_folders/create', { name: 'Ops' });
    expect(noDesc.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'description',
    });
    const empty = await call(server, admin, 'POST', '/channel_folders/create', {
      name: '  ',
      description: '',
    });
    expect(empty.body.code).toBe('BAD_REQUEST');
    const long = await call(server, admin, 'POST', '/channel_folders/create', {
      name: 'x'.repeat(61),
      description: '',
    });
    expect(long.body.msg).toContain('name');
    const longDesc = await call(server, admin, 'POST', '/channel_folders/create', {
      name: 'Ok',
      description: 'd'.repeat(1025),
    });
    expect(longDesc.body.msg).toContain('description');
  });

  it('renames, archives and unarchives a folder, emitting update events', async () => {
    const admin = byRole(server, 200);
    const w = await watch(server, byRole(server, 400), ['channel_folder']);
    const id = (
      await ok(server, admin, 'POST', '/channel_folders/create', {
        name: 'Temp',
        description: 'short-lived',
      })
    ).channel_folder_id as number;
    await ok(server, admin, 'PATCH', `/channel_folders/${id}`, {
      name: 'Temporary',
      is_archived: true,
    });
    expect((await folders()).map((f) => f.channel_folder_id)).not.toContain(id);
    expect((await folders(true)).find((f) => f.channel_folder_id === id)).toMatchObject({
      name: 'Temporary',
      is_archived: true,
    });
    await ok(server, admin, 'PATCH', `/channel_folders/${id}`, { is_archived: false });
    expect((await folders()).find((f) => f.channel_folder_id === id)?.is_archived).toBe(false);
    const updates = (await w.events()).filter((e) => e.op === 'update');
    expect(updates.map((e) => e.data)).toEqual([
      { name: 'Temporary', is_archived: true },
      { is_archived: false },
    ]);
  });

  it('answers an unknown id with 400 BAD_REQUEST', async () => {
    const r = await call(server, byRole(server, 200), 'PATCH', '/channel_folders/9999', {
      name: 'Ghost',
    });
    expect([r.status, r.body.code]).toEqual([400, 'BAD_REQUEST']);
  });
});

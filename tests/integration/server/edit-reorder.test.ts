/**
 * Editing, reordering and deleting what exists: profile fields, linkifiers, saved snippets and
 * channel folders, over real HTTP. Owners and administrators may; a member gets
 * UNAUTHORIZED_PRINCIPAL and nothing changes; every change is an event.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

const OWNER = 100;
const ADMIN = 200;
const MEMBER = 400;

let server: StartedServer;
afterEach(() => server.close());
const start = async (featureLevel?: number) => {
  server = await startServer({ rateLimit: false, ...(featureLevel ? { featureLevel } : {}) });
};

type Item = Record<string, unknown>;
const fields = async () =>
  (await ok(server, byRole(server, MEMBER), 'GET', '/realm/profile_fields'))
    .custom_fields as Item[];
const linkifiers = async () =>
  (await ok(server, byRole(server, MEMBER), 'GET', '/realm/linkifiers')).linkifiers as Item[];
const folders = async () =>
  (
    await ok(server, byRole(server, MEMBER), 'GET', '/channel_folders', {
      include_archived: true,
    })
  ).channel_folders as Item[];

async function addField(name: string, extra: Item = {}): Promise<number> {
  const body = await ok(server, byRole(server, ADMIN), 'POST', '/realm/profile_fields', {
    name,
    field_type: 1,
    ...extra,
  });
  return body.id as number;
}

async function addLinkifier(pattern: string): Promise<number> {
  const body = await ok(server, byRole(server, ADMIN), 'POST', '/realm/filters', {
    pattern,
    url_template: 'https://example.com/{id}',
  });
  return body.id as number;
}

async function addFolder(name: string): Promise<number> {
  const body = await ok(server, byRole(server, ADMIN), 'POST', '/channel_folders/create', {
    name,
    description: '',
  });
  return body.channel_folder_id as number;
}

describe('profile fields: edit, reorder, delete', () => {
  it('lets an owner and an administrator edit a field, and tells every user', async () => {
    await start();
    const id = await addField('Team');
    const w = await watch(server, byRole(server, MEMBER), ['custom_profile_fields']);
    await ok(server, byRole(server, OWNER), 'PATCH', `/realm/profile_fields/${id}`, {
      name: 'Squad',
      hint: 'Which squad',
      required: true,
    });
    await ok(server, byRole(server, ADMIN), 'PATCH', `/realm/profile_fields/${id}`, {
      display_in_profile_summary: true,
    });
    expect((await fields()).find((f) => f.id === id)).toMatchObject({
      name: 'Squad',
      hint: 'Which squad',
      required: true,
      display_in_profile_summary: true,
      field_type: 1,
    });
    const events = await w.events();
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      type: 'custom_profile_fields',
      fields: expect.arrayContaining([expect.objectContaining({ id, name: 'Squad' })]),
    });
  });

  it('edits a list field’s choices and drops values naming a removed choice', async () => {
    await start();
    const id = await addField('Fruit', {
      field_type: 3,
      field_data: { a: { text: 'Apples', order: '1' }, b: { text: 'Bananas', order: '2' } },
    });
    const member = byRole(server, MEMBER);
    // No endpoint here sets a value: the test hook stands in for the member's own edit.
    server.state.users.get(member.user_id)?.profile_data.set(id, 'b');
    await ok(server, byRole(server, ADMIN), 'PATCH', `/realm/profile_fields/${id}`, {
      field_data: { a: { text: 'Apricots', order: '1' } },
    });
    const field = (await fields()).find((f) => f.id === id);
    expect(JSON.parse(field?.field_data as string)).toEqual({
      a: { text: 'Apricots', order: '1' },
    });
    const user = await ok(server, member, 'GET', `/users/${member.user_id}`, {
      include_custom_profile_fields: true,
    });
    expect((user.user as Item).profile_data).not.toHaveProperty(String(id));
  });

  it('refuses a member, a clashing name and a field that no longer exists', async () => {
    await start();
    const id = await addField('Team');
    const member = await call(
      server,
      byRole(server, MEMBER),
      'PATCH',
      `/realm/profile_fields/${id}`,
      {
        name: 'Mine',
      },
    );
    expect(member.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    const clash = await call(
      server,
      byRole(server, ADMIN),
      'PATCH',
      `/realm/profile_fields/${id}`,
      {
        name: 'office location',
      },
    );
    expect(clash.body.msg).toBe('A field with that label already exists.');
    expect((await fields()).find((f) => f.id === id)?.name).toBe('Team');
    await ok(server, byRole(server, ADMIN), 'DELETE', `/realm/profile_fields/${id}`);
    const gone = await call(server, byRole(server, ADMIN), 'PATCH', `/realm/profile_fields/${id}`, {
      name: 'Late',
    });
    expect(gone.body).toMatchObject({ code: 'BAD_REQUEST', msg: `Field id ${id} not found.` });
  });

  it('reorders for an administrator only, and only with every field named once', async () => {
    await start();
    const [office] = (await fields()).map((f) => f.id as number);
    const a = await addField('A');
    const b = await addField('B');
    const w = await watch(server, byRole(server, MEMBER), ['custom_profile_fields']);
    const refused = await call(server, byRole(server, MEMBER), 'PATCH', '/realm/profile_fields', {
      order: [b, a, office],
    });
    expect(refused.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    const partial = await call(server, byRole(server, ADMIN), 'PATCH', '/realm/profile_fields', {
      order: [b, a],
    });
    expect(partial.body.msg).toBe('Invalid order mapping.');
    expect((await fields()).map((f) => f.id)).toEqual([office, a, b]);
    await ok(server, byRole(server, OWNER), 'PATCH', '/realm/profile_fields', {
      order: [b, a, office],
    });
    expect((await fields()).map((f) => f.id)).toEqual([b, a, office]);
    const [event] = await w.events();
    expect((event?.fields as Item[]).map((f) => f.id)).toEqual([b, a, office]);
    // A field made after a reorder goes last.
    const c = await addField('C');
    expect((await fields()).map((f) => f.id)).toEqual([b, a, office, c]);
  });

  it('deletes for an administrator, with the users’ values, and tells every user', async () => {
    await start();
    // The fixed organization's "Office location", where the member says Lisbon.
    const id = (await fields())[0]?.id as number;
    const member = byRole(server, MEMBER);
    const values = async () =>
      (
        (
          await ok(server, member, 'GET', `/users/${member.user_id}`, {
            include_custom_profile_fields: true,
          })
        ).user as Item
      ).profile_data;
    expect(await values()).toHaveProperty(String(id));
    const refused = await call(server, member, 'DELETE', `/realm/profile_fields/${id}`);
    expect(refused.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect((await fields()).map((f) => f.id)).toContain(id);
    const w = await watch(server, member, ['custom_profile_fields']);
    await ok(server, byRole(server, OWNER), 'DELETE', `/realm/profile_fields/${id}`);
    expect((await fields()).map((f) => f.id)).not.toContain(id);
    expect(await values()).not.toHaveProperty(String(id));
    expect(await w.events()).toEqual([
      expect.objectContaining({ type: 'custom_profile_fields', fields: expect.any(Array) }),
    ]);
    const again = await call(
      server,
      byRole(server, ADMIN),
      'DELETE',
      `/realm/profile_fields/${id}`,
    );
    expect(again.body.msg).toBe(`Field id ${id} not found.`);
  });
});

describe('linkifiers: reorder (FL 202)', () => {
  it('reorders for an owner or administrator and tells every user the new order', async () => {
    await start();
    const a = await addLinkifier('A-(?P<id>\\d+)');
    const b = await addLinkifier('B-(?P<id>\\d+)');
    const w = await watch(server, byRole(server, MEMBER), ['realm_linkifiers']);
    await ok(server, byRole(server, OWNER), 'PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: [b, a],
    });
    expect((await linkifiers()).map((l) => l.id)).toEqual([b, a]);
    await ok(server, byRole(server, ADMIN), 'PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: [a, b],
    });
    const events = await w.events();
    expect(events.map((e) => (e.realm_linkifiers as Item[]).map((l) => l.id))).toEqual([
      [b, a],
      [a, b],
    ]);
  });

  it('refuses a member, and an order that leaves one out or names one twice', async () => {
    await start();
    const a = await addLinkifier('A-(?P<id>\\d+)');
    const b = await addLinkifier('B-(?P<id>\\d+)');
    const member = await call(server, byRole(server, MEMBER), 'PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: [b, a],
    });
    expect(member.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    for (const bad of [[b], [b, b], [b, a, 999]]) {
      const r = await call(server, byRole(server, ADMIN), 'PATCH', '/realm/linkifiers', {
        ordered_linkifier_ids: bad,
      });
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    expect((await linkifiers()).map((l) => l.id)).toEqual([a, b]);
  });

  it('is not there before FL 202', async () => {
    await start(201);
    const r = await call(server, byRole(server, ADMIN), 'PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: [],
    });
    expect(r.body.result).toBe('error');
  });

  it('refuses a member an edit of a linkifier, and says when it no longer exists', async () => {
    await start();
    const a = await addLinkifier('A-(?P<id>\\d+)');
    const edit = { pattern: 'Z-(?P<id>\\d+)', url_template: 'https://z.example/{id}' };
    const member = await call(server, byRole(server, MEMBER), 'PATCH', `/realm/filters/${a}`, edit);
    expect(member.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    await ok(server, byRole(server, OWNER), 'DELETE', `/realm/filters/${a}`);
    const gone = await call(server, byRole(server, ADMIN), 'PATCH', `/realm/filters/${a}`, edit);
    expect(gone.body.code).toBe('BAD_REQUEST');
    expect(await linkifiers()).toEqual([]);
  });
});

describe('saved snippets: edit (FL 368)', () => {
  it('edits one’s own snippet and tells only its owner', async () => {
    await start();
    const me = byRole(server, MEMBER);
    const { saved_snippet_id: id } = await ok(server, me, 'POST', '/saved_snippets', {
      title: 'Hello',
      content: 'Hi there',
    });
    const w = await watch(server, me, ['saved_snippets']);
    const other = await watch(server, byRole(server, ADMIN), ['saved_snippets']);
    await ok(server, me, 'PATCH', `/saved_snippets/${id as number}`, { title: 'Welcome' });
    const list = (await ok(server, me, 'GET', '/saved_snippets')).saved_snippets as Item[];
    expect(list).toContainEqual(
      expect.objectContaining({ saved_snippet_id: id, title: 'Welcome', content: 'Hi there' }),
    );
    expect(await w.events()).toEqual([
      expect.objectContaining({
        type: 'saved_snippets',
        op: 'update',
        saved_snippet: expect.objectContaining({ id, title: 'Welcome' }),
      }),
    ]);
    expect(await other.events()).toEqual([]);
  });

  it('refuses another user’s snippet, a deleted one, an empty title and an empty edit', async () => {
    await start();
    const me = byRole(server, MEMBER);
    const { saved_snippet_id: id } = await ok(server, me, 'POST', '/saved_snippets', {
      title: 'Hello',
      content: 'Hi there',
    });
    const path = `/saved_snippets/${id as number}`;
    const stranger = await call(server, byRole(server, OWNER), 'PATCH', path, { title: 'Mine' });
    expect(stranger).toMatchObject({ status: 404, body: { msg: 'Saved snippet does not exist.' } });
    expect((await call(server, me, 'PATCH', path, { title: ' ' })).body.code).toBe('BAD_REQUEST');
    expect((await call(server, me, 'PATCH', path, {})).body.code).toBe('BAD_REQUEST');
    await ok(server, me, 'DELETE', path);
    expect((await call(server, me, 'PATCH', path, { title: 'Late' })).status).toBe(404);
  });

  it('is not there before FL 368', async () => {
    await start(367);
    const me = byRole(server, MEMBER);
    const { saved_snippet_id: id } = await ok(server, me, 'POST', '/saved_snippets', {
      title: 'Hello',
      content: 'Hi there',
    });
    const r = await call(server, me, 'PATCH', `/saved_snippets/${id as number}`, { title: 'X' });
    expect(r.body.result).toBe('error');
  });
});

describe('channel folders: reorder (FL 414)', () => {
  it('reorders every folder, archived ones too, and tells every user', async () => {
    await start();
    const [engineering] = (await folders()).map((f) => f.channel_folder_id as number);
    const design = await addFolder('Design');
    await ok(server, byRole(server, ADMIN), 'PATCH', `/channel_folders/${design}`, {
      is_archived: true,
    });
    const w = await watch(server, byRole(server, MEMBER), ['channel_folder']);
    await ok(server, byRole(server, OWNER), 'PATCH', '/channel_folders', {
      order: [design, engineering],
    });
    expect((await folders()).map((f) => [f.channel_folder_id, f.order])).toEqual([
      [design, 0],
      [engineering, 1],
    ]);
    expect(await w.events()).toEqual([
      expect.objectContaining({
        type: 'channel_folder',
        op: 'reorder',
        order: [design, engineering],
      }),
    ]);
  });

  it('refuses a member and an order that leaves a folder out', async () => {
    await start();
    const [engineering] = (await folders()).map((f) => f.channel_folder_id as number);
    const design = await addFolder('Design');
    const member = await call(server, byRole(server, MEMBER), 'PATCH', '/channel_folders', {
      order: [design, engineering],
    });
    expect(member.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    const partial = await call(server, byRole(server, ADMIN), 'PATCH', '/channel_folders', {
      order: [design],
    });
    expect(partial.body.msg).toBe('Invalid order mapping');
    expect((await folders()).map((f) => f.channel_folder_id)).toEqual([engineering, design]);
  });

  it('is not there before FL 414', async () => {
    await start(413);
    const r = await call(server, byRole(server, ADMIN), 'PATCH', '/channel_folders', {
      order: [],
    });
    expect(r.body.result).toBe('error');
  });
});

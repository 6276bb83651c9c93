import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

describe('PATCH /realm/user_settings_defaults (spec 4.1)', () => {
  it('changes defaults for users who join later, never existing users, and tells every user', async () => {
    server = await startServer({ rateLimit: false });
    const [admin, member] = [byRole(server, 200), byRole(server, 400)];
    const w = await watch(server, member, ['realm_user_settings_defaults', 'user_settings']);
    await ok(server, admin, 'PATCH', '/realm/user_settings_defaults', {
      color_scheme: 2,
      enter_sends: true,
      web_home_view: 'recent',
    });
    expect(server.state.realm.user_settings_defaults).toMatchObject({
      color_scheme: 2,
      enter_sends: true,
      web_home_view: 'recent',
    });
    expect(server.state.users.get(member.user_id)?.settings.color_scheme).toBe(1);
    const events = await w.events();
    expect(events.map((e) => [e.type, e.property, e.value])).toEqual([
      ['realm_user_settings_defaults', 'color_scheme', 2],
      ['realm_user_settings_defaults', 'web_home_view', 'recent'],
      ['realm_user_settings_defaults', 'enter_sends', true],
    ]);
    const created = (
      await ok(server, byRole(server, 100), 'POST', '/users', {
        email: 'late@perch.test',
        password: 'pw',
        full_name: 'Late Comer',
      })
    ).user_id as number;
    expect(server.state.users.get(created)?.settings.color_scheme).toBe(2);
  });

  it('rejects values outside the allowed set, naming the parameter', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    for (const [name, value] of [
      ['color_scheme', 4],
      ['emojiset', 'clipart'],
      ['web_animate_image_previews', 'sometimes'],
      ['desktop_icon_count_display', 0],
      ['enable_sounds', 'maybe'],
    ] as const) {
      const r = await call(server, admin, 'PATCH', '/realm/user_settings_defaults', {
        [name]: value,
      });
      expect([r.body.code, r.body.msg]).toEqual(['BAD_REQUEST', expect.stringContaining(name)]);
    }
  });

  it('is for administrators only', async () => {
    server = await startServer({ rateLimit: false });
    const r = await call(server, byRole(server, 300), 'PATCH', '/realm/user_settings_defaults', {
      enter_sends: true,
    });
    expect(r.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('calls the recent view recent_topics before FL 454', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 453 });
    const admin = byRole(server, 200);
    const w = await watch(server, admin, ['realm_user_settings_defaults']);
    expect(
      (
        await call(server, admin, 'PATCH', '/realm/user_settings_defaults', {
          web_home_view: 'recent',
        })
      ).body.code,
    ).toBe('BAD_REQUEST');
    await ok(server, admin, 'PATCH', '/realm/user_settings_defaults', {
      web_home_view: 'recent_topics',
    });
    expect((await w.events())[0]).toMatchObject({
      property: 'web_home_view',
      value: 'recent_topics',
    });
  });

  it('reports unknown settings in ignored_parameters_unsupported', async () => {
    server = await startServer({ rateLimit: false });
    const body = await ok(server, byRole(server, 200), 'PATCH', '/realm/user_settings_defaults', {
      dense_mode: true,
    });
    expect(body.ignored_parameters_unsupported).toEqual(['dense_mode']);
  });
});

describe('PATCH /settings', () => {
  it('changes the caller’s own settings with one user_settings event each, to that user only', async () => {
    server = await startServer({ rateLimit: false });
    const [member, other] = [byRole(server, 400), byRole(server, 400, 1)];
    const mine = await watch(server, member, ['user_settings']);
    const theirs = await watch(server, other, ['user_settings']);
    await ok(server, member, 'PATCH', '/settings', {
      enable_sounds: false,
      default_language: 'de',
    });
    const events = await mine.events();
    expect(events).toContainEqual(
      expect.objectContaining({ op: 'update', property: 'enable_sounds', value: false }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        property: 'default_language',
        value: 'de',
        language_name: 'Deutsch',
      }),
    );
    expect(await theirs.events()).toEqual([]);
    expect(server.state.users.get(other.user_id)?.settings.enable_sounds).toBe(true);
  });

  it('changes full name and time zone, telling everyone through realm_user', async () => {
    server = await startServer({ rateLimit: false });
    const [member, guest] = [byRole(server, 400), byRole(server, 600)];
    const w = await watch(server, guest, ['realm_user']);
    await ok(server, member, 'PATCH', '/settings', {
      full_name: 'Melody Member',
      timezone: 'Europe/Berlin',
    });
    const people = (await w.events()).map((e) => e.person);
    expect(people).toContainEqual({ user_id: member.user_id, full_name: 'Melody Member' });
    expect(people).toContainEqual(
      expect.objectContaining({ user_id: member.user_id, timezone: 'Europe/Berlin' }),
    );
    expect(
      (await call(server, member, 'PATCH', '/settings', { timezone: 'Mars/Olympus' })).body.msg,
    ).toContain('timezone');
    expect(
      (await call(server, member, 'PATCH', '/settings', { full_name: '' })).body.msg,
    ).toContain('full_name');
  });
});

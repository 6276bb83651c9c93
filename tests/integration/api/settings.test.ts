import { describe, expect, it } from 'vitest';
import { BadRequestError, UnauthorizedPrincipalError } from '../../../src/api/errors.ts';
import { register } from '../../../src/api/routes/events.ts';
import { updateSettings, updateUserSettingsDefaults } from '../../../src/api/routes/settings.ts';
import { ROLE, failure, useServer } from './harness.ts';

describe('personal settings', () => {
  const h = useServer();

  it('changes the organization defaults, which POST /register then shows', async () => {
    const admin = h.as(ROLE.admin);
    await updateUserSettingsDefaults(admin, {
      web_home_view: 'recent',
      color_scheme: 2,
      enter_sends: true,
    });
    const { data } = await register(admin, { fetch_event_types: ['realm_user_settings_defaults'] });
    expect(data.realm_user_settings_defaults).toMatchObject({
      web_home_view: 'recent',
      color_scheme: 2,
      enter_sends: true,
    });
  });

  it('refuses a non-administrator changing the defaults', async () => {
    expect(
      await failure(updateUserSettingsDefaults(h.as(ROLE.member), { enter_sends: true })),
    ).toBeInstanceOf(UnauthorizedPrincipalError);
  });

  it('gives BAD_REQUEST for a value outside the allowed set', async () => {
    const error = await failure(updateUserSettingsDefaults(h.as(ROLE.admin), { color_scheme: 9 }));
    expect(error).toBeInstanceOf(BadRequestError);
  });

  it('changes the caller’s own settings without touching the defaults', async () => {
    const member = h.as(ROLE.member);
    await updateSettings(member, {
      web_home_view: 'all_messages',
      enable_sounds: false,
      timezone: 'Asia/Tokyo',
    });
    const { data } = await register(member, {
      fetch_event_types: ['user_settings', 'realm_user_settings_defaults'],
    });
    expect(data.user_settings).toMatchObject({
      web_home_view: 'all_messages',
      enable_sounds: false,
      timezone: 'Asia/Tokyo',
    });
    expect(data.realm_user_settings_defaults?.web_home_view).not.toBe('all_messages');
  });
});

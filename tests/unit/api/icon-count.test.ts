/**
 * desktop_icon_count_display before feature level 227, which renumbered it: Perch reads
 * and writes the spec's numbering and translates at the edge, so the tray badge and the
 * admin defaults mean the same thing on every server. The reference server speaks only
 * the current numbering, so a stub plays the older server.
 */
import { describe, expect, it } from 'vitest';
import { UnsupportedByServerError } from '../../../src/api/errors.ts';
import { getEvents, register } from '../../../src/api/routes/events.ts';
import { updateSettings, updateUserSettingsDefaults } from '../../../src/api/routes/settings.ts';
import { useStubClient } from './schemas/helpers.ts';

const ALL = 1;
const DMS_MENTIONS_FOLLOWED = 2;
const DMS_MENTIONS = 3;
const NONE = 4;

describe('the badge count setting on servers before and after feature level 227', () => {
  const stub = useStubClient();

  async function server(level: number, events: object[] = []) {
    return stub(
      {
        '/register': {
          queue_id: 'q',
          last_event_id: -1,
          service_feature_level: level,
          // The older numbering: 2 was "DMs and mentions", 3 was "none".
          user_settings: { desktop_icon_count_display: 2 },
          realm_user_settings_defaults: { desktop_icon_count_display: 3 },
        },
        '/events': { events },
        '/settings': {},
        '/realm/user_settings_defaults': {},
      },
      level,
    );
  }

  it('reads the older numbering from register as the spec numbers it', async () => {
    const { client } = await server(200);
    const { data } = await register(client);
    expect(data.user_settings?.desktop_icon_count_display).toBe(DMS_MENTIONS);
    expect(data.realm_user_settings_defaults?.desktop_icon_count_display).toBe(NONE);

    const current = await server(420);
    const now = (await register(current.client)).data;
    expect(now.user_settings?.desktop_icon_count_display).toBe(DMS_MENTIONS_FOLLOWED);
    expect(now.realm_user_settings_defaults?.desktop_icon_count_display).toBe(DMS_MENTIONS);
  });

  it('reads the older numbering in setting events, in both event forms', async () => {
    const { client } = await server(200, [
      {
        id: 0,
        type: 'user_settings',
        op: 'update',
        property: 'desktop_icon_count_display',
        value: 1,
      },
      {
        id: 1,
        type: 'user_settings',
        op: 'update',
        property: 'desktop_icon_count_display',
        value: 2,
      },
      {
        id: 2,
        type: 'update_global_notifications',
        notification_name: 'desktop_icon_count_display',
        setting: 3,
      },
      { id: 3, type: 'user_settings', op: 'update', property: 'enable_sounds', value: true },
    ]);
    await register(client);
    const { data } = await getEvents(client, { queue_id: 'q', dont_block: true });
    expect(
      data.events.map((e) => ('setting' in e ? e.setting : 'value' in e ? e.value : undefined)),
    ).toEqual([ALL, DMS_MENTIONS, NONE, true]);
  });

  it('writes the older numbering, and refuses the choice an older server lacks before sending', async () => {
    const { client, server: older } = await server(200);
    await updateSettings(client, { desktop_icon_count_display: DMS_MENTIONS });
    await updateUserSettingsDefaults(client, { desktop_icon_count_display: NONE });
    expect(older.requests.map((r) => r.params.get('desktop_icon_count_display'))).toEqual([
      '2',
      '3',
    ]);
    await expect(
      updateSettings(client, { desktop_icon_count_display: DMS_MENTIONS_FOLLOWED }),
    ).rejects.toBeInstanceOf(UnsupportedByServerError);
    expect(older.requests).toHaveLength(2);

    const current = await server(420);
    await updateSettings(current.client, { desktop_icon_count_display: DMS_MENTIONS_FOLLOWED });
    expect(current.server.requests[0]?.params.get('desktop_icon_count_display')).toBe('2');
  });
});

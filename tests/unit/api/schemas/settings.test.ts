import { describe, expect, it } from 'vitest';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import { decode, malformed } from './helpers.ts';

const register = (body: object) =>
  decode('POST /register', registerResponse, { queue_id: 'q', last_event_id: -1, ...body });

describe('settings schema', () => {
  it('accepts twenty_four_hour_time null (FL 408: the locale’s format) in both settings', () => {
    const r = register({
      user_settings: { twenty_four_hour_time: null, enter_sends: false, timezone: '' },
      realm_user_settings_defaults: { twenty_four_hour_time: null },
    });
    expect(r.user_settings?.twenty_four_hour_time).toBeNull();
    expect(r.realm_user_settings_defaults?.twenty_four_hour_time).toBeNull();
    expect(
      register({ user_settings: { twenty_four_hour_time: true } }).user_settings
        ?.twenty_four_hour_time,
    ).toBe(true);
  });

  it('keeps a batch whose setting events carry null', () => {
    const { events } = decode('GET /events', getEventsResponse, {
      events: [
        {
          id: 1,
          type: 'user_settings',
          op: 'update',
          property: 'twenty_four_hour_time',
          value: null,
        },
        {
          id: 2,
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: 'twenty_four_hour_time',
          value: null,
        },
        { id: 3, type: 'heartbeat' },
      ],
    });
    expect(events.map((e) => ('value' in e ? e.value : e.type))).toEqual([null, null, 'heartbeat']);
  });

  it('still refuses a mistyped setting, and a setting event without its value', () => {
    expect(
      malformed('POST /register', registerResponse, {
        queue_id: 'q',
        last_event_id: -1,
        user_settings: { twenty_four_hour_time: 'yes' },
      }).path,
    ).toBe('user_settings.twenty_four_hour_time');
    const noValue = { id: 1, type: 'user_settings', op: 'update', property: 'enter_sends' };
    expect(malformed('GET /events', getEventsResponse, { events: [noValue] }).path).toBe(
      'events.0.value',
    );
  });
});

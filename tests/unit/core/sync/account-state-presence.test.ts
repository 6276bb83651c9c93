/** Presence and user status in AccountState: from register, events and presence polls. */
import { describe, expect, it } from 'vitest';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { ALICE, ME } from '../notify/fixtures.ts';
import { event, registerResponse } from './register-fixture.ts';

const T = 1_800_000_000;
const at = (seconds: number) => seconds * 1000;

describe('presence', () => {
  it('loads register presences in either format and the server presence settings', () => {
    const state = new AccountState(
      registerResponse({
        presences: {
          [String(ALICE)]: { active_timestamp: T, idle_timestamp: T },
          'me@acme.test': { aggregated: { client: 'website', status: 'idle', timestamp: T } },
        },
        presence_last_update_id: 40,
        server_presence_ping_interval_seconds: 50,
        server_presence_offline_threshold_seconds: 100,
      }),
    );
    expect(state.presenceStatus(ALICE, at(T + 10))).toBe('active');
    expect(state.presenceStatus(ME, at(T + 10))).toBe('idle');
    expect(state.presenceStatus(ALICE, at(T + 100))).toBe('offline');
    expect(state.presenceLastUpdateId).toBe(40);
    expect(state.presenceSettings.pingIntervalSeconds).toBe(50);
  });

  it('follows modern and legacy presence events', () => {
    const state = new AccountState(registerResponse());
    expect(state.presenceStatus(ALICE, at(T))).toBe('offline');
    state.apply(
      event('presence', { presences: { [ALICE]: { active_timestamp: T, idle_timestamp: T } } }),
    );
    expect(state.presenceStatus(ALICE, at(T + 1))).toBe('active');
    // A legacy "idle" keeps the active time known; 200 s later only the connection is fresh.
    state.apply(
      event('presence', {
        user_id: ALICE,
        email: 'alice@acme.test',
        server_timestamp: T + 200,
        presence: { website: { client: 'website', status: 'idle', timestamp: T + 200 } },
      }),
    );
    expect(state.presence(ALICE)).toEqual({ active_timestamp: T, idle_timestamp: T + 200 });
    expect(state.presenceStatus(ALICE, at(T + 201))).toBe('idle');
    // A user who stopped sharing presence is reported as never connected.
    state.apply(
      event('presence', { presences: { [ALICE]: { active_timestamp: 0, idle_timestamp: 0 } } }),
    );
    expect(state.presenceStatus(ALICE, at(T + 202))).toBe('offline');
  });

  it('takes in a presence poll and remembers its last update id', () => {
    const state = new AccountState(registerResponse());
    state.mergePresences({ [ALICE]: { active_timestamp: 0, idle_timestamp: T } }, 12);
    expect(state.presenceStatus(ALICE, at(T))).toBe('idle');
    expect(state.presenceLastUpdateId).toBe(12);
  });

  it("shows the user's own presence offline while presence_enabled is off", () => {
    const state = new AccountState(
      registerResponse({
        presences: { [ME]: { active_timestamp: T, idle_timestamp: T } },
      }),
    );
    expect(state.presenceStatus(ME, at(T))).toBe('active');
    state.apply(
      event('user_settings', { op: 'update', property: 'presence_enabled', value: false }),
    );
    expect(state.presenceStatus(ME, at(T))).toBe('offline');
  });
});

describe('user_status', () => {
  it('loads statuses from register and changes only the fields an event carries', () => {
    const state = new AccountState(
      registerResponse({
        user_status: {
          [ALICE]: {
            status_text: 'on vacation',
            emoji_name: 'car',
            emoji_code: '1f697',
            reaction_type: 'unicode_emoji',
          },
        },
      }),
    );
    expect(state.userStatus(ALICE)?.status_text).toBe('on vacation');
    state.apply(event('user_status', { user_id: ALICE, status_text: 'back Monday' }));
    expect(state.userStatus(ALICE)).toEqual({
      status_text: 'back Monday',
      emoji_name: 'car',
      emoji_code: '1f697',
      reaction_type: 'unicode_emoji',
    });
    state.apply(
      event('user_status', {
        user_id: ALICE,
        emoji_name: '',
        emoji_code: '',
        reaction_type: '',
      }),
    );
    expect(state.userStatus(ALICE)).toEqual({ status_text: 'back Monday' });
    state.apply(event('user_status', { user_id: ALICE, status_text: '' }));
    expect(state.userStatus(ALICE)).toBeUndefined();
    expect(state.userStatuses().size).toBe(0);
  });

  it('sets and clears away', () => {
    const state = new AccountState(registerResponse());
    state.apply(event('user_status', { user_id: ALICE, away: true }));
    expect(state.userStatus(ALICE)).toEqual({ away: true });
    state.apply(event('user_status', { user_id: ALICE, away: false }));
    expect(state.userStatus(ALICE)).toBeUndefined();
  });
});

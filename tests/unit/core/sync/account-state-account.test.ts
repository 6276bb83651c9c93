import { beforeEach, describe, expect, it } from 'vitest';
import { trayBadge } from '../../../../src/core/notify/badge.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { ALICE, BOB, ME } from '../notify/fixtures.ts';
import { directMessage, event, registerResponse } from './register-fixture.ts';

let state: AccountState;
beforeEach(() => {
  state = new AccountState(registerResponse());
});

const tray = () =>
  trayBadge([{ counts: state.unreadCounts(), mode: state.settings.desktop_icon_count_display }]);

describe('user_settings and realm_user_settings_defaults', () => {
  it('a new desktop_icon_count_display changes the tray count, not the sets', () => {
    expect(tray()).toEqual({ count: 6, icon: 'attention' });
    const result = state.apply(
      event('user_settings', { op: 'update', property: 'desktop_icon_count_display', value: 3 }),
    );
    expect(result.unreadsChanged).toBe(false);
    expect(tray()).toEqual({ count: 4, icon: 'attention' });
    state.apply(
      event('user_settings', { op: 'update', property: 'desktop_icon_count_display', value: 4 }),
    );
    expect(tray()).toEqual({ count: 0, icon: 'none' });
  });

  it('a notification setting reaches the next policy input', () => {
    state.apply(
      event('user_settings', {
        op: 'update',
        property: 'enable_desktop_notifications',
        value: false,
      }),
    );
    expect(state.settings.enable_desktop_notifications).toBe(false);
    expect(
      state.policyInput(directMessage(1), [], false).settings.enable_desktop_notifications,
    ).toBe(false);
  });

  it('organization defaults are kept apart from the user settings', () => {
    state.apply(
      event('realm_user_settings_defaults', {
        op: 'update',
        property: 'enable_sounds',
        value: false,
      }),
    );
    expect(state.realmDefaults.enable_sounds).toBe(false);
    expect(state.settings.enable_sounds).toBe(true);
  });
});

describe('realm_user', () => {
  it('add, update and deactivation; a deactivated user leaves every group', () => {
    state.apply(
      event('realm_user', {
        op: 'add',
        person: { user_id: BOB, full_name: 'Bob', is_active: true },
      }),
    );
    expect(state.user(BOB)?.full_name).toBe('Bob');
    state.apply(
      event('realm_user', { op: 'update', person: { user_id: ALICE, full_name: 'Alice Liddell' } }),
    );
    expect(state.user(ALICE)).toMatchObject({
      full_name: 'Alice Liddell',
      email: 'alice@acme.test',
    });
    state.apply(
      event('realm_user', { op: 'update', person: { user_id: ALICE, is_active: false } }),
    );
    expect(state.user(ALICE)?.is_active).toBe(false);
    expect(state.userGroup(1)?.members).toEqual([ME]);
  });

  it('the older remove op counts as a deactivation', () => {
    state.apply(
      event('realm_user', { op: 'remove', person: { user_id: ALICE, full_name: 'Alice' } }),
    );
    expect(state.user(ALICE)?.is_active).toBe(false);
    expect(state.userGroup(1)?.members).toEqual([ME]);
  });

  it('from feature level 222 remove only hides the user: still active, still in groups', () => {
    for (const level of [222, 228, 420]) {
      const current = new AccountState(registerResponse({ service_feature_level: level }));
      current.apply(
        event('realm_user', { op: 'remove', person: { user_id: ALICE, full_name: 'Alice' } }),
      );
      expect(current.user(ALICE)?.is_active).toBe(true);
      expect(current.userGroup(1)?.members).toContain(ALICE);
    }
    const older = new AccountState(registerResponse({ service_feature_level: 221 }));
    older.apply(event('realm_user', { op: 'remove', person: { user_id: ALICE } }));
    expect(older.user(ALICE)?.is_active).toBe(false);
  });
});

describe('channel_folder, saved_snippets, alert_words, has_videoprovider_token', () => {
  it('channel folders are added and updated', () => {
    state.apply(
      event('channel_folder', {
        op: 'add',
        channel_folder: { channel_folder_id: 2, name: 'Fun', description: '', is_archived: false },
      }),
    );
    state.apply(
      event('channel_folder', {
        op: 'update',
        channel_folder_id: 1,
        data: { name: 'Work stuff', is_archived: true },
      }),
    );
    expect(state.channelFolders().map((f) => [f.name, f.is_archived])).toEqual([
      ['Work stuff', true],
      ['Fun', false],
    ]);
  });

  it('saved snippets are added, updated and removed', () => {
    state.apply(
      event('saved_snippets', {
        op: 'add',
        saved_snippet: { saved_snippet_id: 2, title: 'bye', content: 'Bye!' },
      }),
    );
    state.apply(
      event('saved_snippets', {
        op: 'update',
        saved_snippet: { saved_snippet_id: 2, title: 'bye', content: 'See you!' },
      }),
    );
    state.apply(event('saved_snippets', { op: 'remove', saved_snippet_id: 1 }));
    expect(state.savedSnippets()).toEqual([
      { saved_snippet_id: 2, title: 'bye', content: 'See you!' },
    ]);
  });

  it('alert words are replaced and the video provider token flag is set', () => {
    state.apply(event('alert_words', { alert_words: ['deploy', 'outage'] }));
    state.apply(event('has_videoprovider_token', { value: true }));
    expect(state.alertWords).toEqual(['deploy', 'outage']);
    expect(state.hasVideoProviderToken).toBe(true);
  });
});

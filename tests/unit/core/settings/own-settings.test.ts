/**
 * The Settings page's model reads the account's synced settings (built from register, kept by
 * events), shows only what the server has at its level, and says in words what the notification
 * settings do, as the policy decides it.
 */
import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import { OwnSettings } from '../../../../src/core/settings/own-settings.ts';
import { AccountState } from '../../../../src/core/model/account-state.ts';
import { defaultSettings } from '../notify/fixtures.ts';
import { registerResponse } from '../sync/register-fixture.ts';

function stateWith(settings: Record<string, unknown>, featureLevel = 400): AccountState {
  return new AccountState(
    registerResponse({
      user_settings: defaultSettings({
        enter_sends: false,
        web_home_view: 'inbox',
        receives_typing_notifications: true,
        available_notification_sounds: ['chime', 'zulip', 'none'],
        ...settings,
      }),
      service_feature_level: featureLevel,
    }),
  );
}

const modelOf = (state: AccountState) => new OwnSettings(state.settings, state.featureLevel);
const update = (id: number, property: string, value: unknown) =>
  ({ id, type: 'user_settings', op: 'update', property, value }) as unknown as ServerEvent;

describe('OwnSettings', () => {
  it('follows user_settings events applied to the account state', () => {
    const state = stateWith({});
    const model = modelOf(state);
    expect(model.values().enter_sends).toBe(false);
    const event = update(1, 'enter_sends', true);
    state.apply(event);
    expect(model.values().enter_sends).toBe(true);
    expect(model.changedBy([event])).toEqual(['enter_sends']);
  });

  it('follows the update_display_settings events of servers before FL 89', () => {
    const state = stateWith({}, 80);
    const model = modelOf(state);
    const event = {
      id: 1,
      type: 'update_display_settings',
      setting_name: 'web_home_view',
      setting: 'all_messages',
    } as unknown as ServerEvent;
    state.apply(event);
    expect(model.changedBy([event])).toEqual(['web_home_view']);
    expect(model.values().web_home_view).toBe('all_messages');
  });

  it('shows only the settings the server sent and has at its feature level', () => {
    const model = modelOf(stateWith({}, 200));
    const values = model.values();
    // Sent, but arrived at FL 253: not shown to a server at 200.
    expect(values).not.toHaveProperty('receives_typing_notifications');
    // Never sent by this server.
    expect(values).not.toHaveProperty('web_animate_image_previews');
    expect(values.enter_sends).toBe(false);
    expect(modelOf(stateWith({}, 253)).values().receives_typing_notifications).toBe(true);
    const markRead = { web_mark_read_on_scroll_policy: 2 };
    expect(modelOf(stateWith(markRead, 174)).values()).not.toHaveProperty(
      'web_mark_read_on_scroll_policy',
    );
    expect(modelOf(stateWith(markRead, 175)).values().web_mark_read_on_scroll_policy).toBe(2);
  });

  it('hides followed-topic settings below FL 189 even though the policy fills them in', () => {
    const old = modelOf(stateWith({}, 150)).values();
    expect(old).not.toHaveProperty('enable_followed_topic_desktop_notifications');
    const now = modelOf(stateWith({}, 189)).values();
    expect(now.enable_followed_topic_desktop_notifications).toBe(true);
  });

  it('ignores events about other things and settings it does not show', () => {
    const model = modelOf(stateWith({}));
    const other = { id: 2, type: 'heartbeat' } as unknown as ServerEvent;
    expect(model.changedBy([other, update(3, 'timezone', 'Europe/Berlin')])).toEqual([]);
    expect(model.changedBy([update(3, 'no_such_setting', true)])).toEqual([]);
  });

  it('shows the time zone and language when the server sends them, following their events', () => {
    const without = modelOf(stateWith({}));
    expect(without.values()).not.toHaveProperty('timezone');
    expect(without.values()).not.toHaveProperty('default_language');

    const state = stateWith({ timezone: '', default_language: 'en' });
    const model = modelOf(state);
    expect(model.values()).toMatchObject({ timezone: '', default_language: 'en' });
    const events = [update(7, 'timezone', 'Asia/Tokyo'), update(8, 'default_language', 'de')];
    for (const e of events) state.apply(e);
    expect(model.changedBy(events)).toEqual(['timezone', 'default_language']);
    expect(model.values(['timezone', 'default_language'])).toEqual({
      timezone: 'Asia/Tokyo',
      default_language: 'de',
    });
  });

  it('lists the notification sounds, keeping the current one choosable', () => {
    expect(modelOf(stateWith({})).snapshot().sounds).toEqual(['chime', 'zulip', 'none']);
    expect(modelOf(stateWith({ notification_sound: 'ding' })).snapshot().sounds).toContain('ding');
  });

  it('says in words what each kind of message does, changing with the settings', () => {
    const state = stateWith({});
    const model = modelOf(state);
    const text = () => model.snapshot().effects.map((e) => e.text);
    expect(text()).toEqual([
      'Direct messages: desktop and sound',
      'Mentions of you: desktop and sound',
      '@all mentions: desktop and sound',
      'Other channel messages: nothing',
      'Followed topics: desktop and sound',
    ]);
    state.apply(update(4, 'enable_desktop_notifications', false));
    state.apply(update(5, 'enable_stream_desktop_notifications', true));
    expect(text()).toContain('Direct messages: sound only');
    expect(text()).toContain('Other channel messages: desktop, no sound');
    state.apply(update(6, 'notification_sound', 'none'));
    expect(text()).toContain('Direct messages: nothing');
  });
});

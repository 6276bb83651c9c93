/**
 * The reference server at levels before `user_settings` (FL 89) and `user_topics` (FL 134):
 * POST /register and the settings events take the upstream shapes of those levels.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, ok, pending } from './messaging-client.ts';

let server: StartedServer;
afterEach(async () => {
  await server.close();
});

async function withMutedTopic(featureLevel: number) {
  server = await startServer({ rateLimit: false, featureLevel });
  const member = byEmail(server, 'member');
  const general = server.state.channelByName('general')!;
  server.state.setUserTopic({
    user_id: member.user_id,
    stream_id: general.stream_id,
    topic_name: 'Noise',
    visibility_policy: 1,
    last_updated: 1594825442,
  });
  return member;
}

const ALL_NAMES = [
  'user_settings',
  'update_display_settings',
  'update_global_notifications',
  'user_topic',
  'muted_topics',
];

describe('POST /register before FL 134', () => {
  it('lists muted topics by channel name under muted_topics, not user_topics', async () => {
    const member = await withMutedTopic(133);
    const r = await ok(server, member, 'POST', '/register', { fetch_event_types: ALL_NAMES });
    expect(r.muted_topics).toEqual([['general', 'Noise', 1594825442]]);
    expect(r).not.toHaveProperty('user_topics');
    const current = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['user_topic'],
    });
    expect(current).not.toHaveProperty('user_topics');
    expect(current).not.toHaveProperty('muted_topics');
  });

  it('keeps user_topics from FL 134 on, and muted_topics while upstream still sends it', async () => {
    const member = await withMutedTopic(134);
    const r = await ok(server, member, 'POST', '/register', { fetch_event_types: ALL_NAMES });
    expect(r.user_topics).toMatchObject([{ topic_name: 'Noise', visibility_policy: 1 }]);
    // Upstream (FL 420) still documents muted_topics: "Present if `muted_topics` is present
    // in `fetch_event_types`", deprecated in favour of user_topics.
    expect(r.muted_topics).toEqual([['general', 'Noise', 1594825442]]);
    const current = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['user_topic'],
    });
    expect(current).not.toHaveProperty('muted_topics');
  });
});

describe('POST /register and settings events before FL 89', () => {
  it('sends the settings at the top level only, whatever the capabilities', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 88 });
    const member = byEmail(server, 'member');
    const r = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ALL_NAMES,
      client_capabilities: { notification_settings_null: true, user_settings_object: true },
    });
    expect(r).not.toHaveProperty('user_settings');
    expect(r).toMatchObject({ enable_sounds: true, notification_sound: 'zulip' });
    const byNewName = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['user_settings'],
    });
    expect(byNewName).not.toHaveProperty('enable_sounds');
  });

  it('announces a change as update_global_notifications or update_display_settings', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 88 });
    const member = byEmail(server, 'member');
    const reg = await ok(server, member, 'POST', '/register', {
      event_types: ['update_display_settings', 'update_global_notifications'],
    });
    await ok(server, member, 'PATCH', '/settings', { enable_sounds: false, color_scheme: 2 });
    const events = await pending(server, member, reg.queue_id);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'update_global_notifications',
          notification_name: 'enable_sounds',
          setting: false,
        }),
        expect.objectContaining({
          type: 'update_display_settings',
          setting_name: 'color_scheme',
          setting: 2,
        }),
      ]),
    );
  });

  it('keeps user_settings and its event from FL 89 on', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 89 });
    const member = byEmail(server, 'member');
    const reg = await ok(server, member, 'POST', '/register', {
      event_types: ['user_settings', 'update_global_notifications'],
      fetch_event_types: ALL_NAMES,
      client_capabilities: { notification_settings_null: true, user_settings_object: true },
    });
    expect(reg).toHaveProperty('user_settings');
    expect(reg).not.toHaveProperty('enable_sounds');
    await ok(server, member, 'PATCH', '/settings', { enable_sounds: false });
    expect(await pending(server, member, reg.queue_id)).toMatchObject([
      { type: 'user_settings', op: 'update', property: 'enable_sounds', value: false },
    ]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from './messaging-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false, longpollTimeoutSeconds: 77 });
});
afterEach(async () => {
  await server.close();
});

describe('POST /register', () => {
  it('returns a fresh queue, the versions and the whole initial state by default', async () => {
    const member = byEmail(server, 'member');
    const r = await ok(server, member, 'POST', '/register');
    expect(r).toMatchObject({
      last_event_id: -1,
      service_feature_level: server.state.featureLevel,
      event_queue_longpoll_timeout_seconds: 77,
      user_id: member.user_id,
      email: member.email,
      full_name: member.full_name,
      role: 400,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      can_create_users: false,
      has_videoprovider_token: false,
      max_message_id: 0,
    });
    expect(typeof r.queue_id).toBe('string');
    for (const key of [
      'service_version',
      'realm_name',
      'realm_url',
      'realm_icon',
      'user_settings',
      'realm_user_settings_defaults',
      'subscriptions',
      'unread_msgs',
      'user_topics',
      'realm_users',
      'realm_user_groups',
      'alert_words',
      'channel_folders',
      'saved_snippets',
      'realm_linkifiers',
      'custom_profile_fields',
      'streams',
      'max_channel_folder_name_length',
      'server_min_deactivated_realm_deletion_days',
      'server_max_deactivated_realm_deletion_days',
      'realm_empty_topic_display_name',
    ]) {
      expect(r, key).toHaveProperty(key);
    }
    const subs = r.subscriptions as { name: string; color: string; folder_id: unknown }[];
    expect(subs.map((s) => s.name).sort()).toEqual(['development', 'general']);
    expect(subs[0]?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('fetches only the state of fetch_event_types', async () => {
    const r = await ok(server, byEmail(server, 'member'), 'POST', '/register', {
      fetch_event_types: ['alert_words'],
    });
    expect(r).toHaveProperty('alert_words');
    expect(r).not.toHaveProperty('subscriptions');
    expect(r).not.toHaveProperty('realm_users');
  });

  it('takes the upstream server’s section names in fetch_event_types as its own', async () => {
    const member = byEmail(server, 'member');
    const sections = ['realm_user_groups', 'channel_folders', 'has_videoprovider_token'];
    const upstream = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['realm_user_groups', 'channel_folders', 'video_calls'],
    });
    const own = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['user_group', 'channel_folder', 'has_videoprovider_token'],
    });
    for (const key of sections) {
      expect(upstream, key).toHaveProperty(key);
      expect(upstream[key], key).toEqual(own[key]);
    }
    expect(upstream).not.toHaveProperty('subscriptions');
    expect(upstream).not.toHaveProperty('alert_words');
    // Each alias brings only its own section.
    const one = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['video_calls'],
    });
    expect(one).toHaveProperty('has_videoprovider_token', false);
    expect(one).not.toHaveProperty('realm_user_groups');
    expect(one).not.toHaveProperty('channel_folders');
  });

  it('counts unread messages by conversation, with mentions', async () => {
    const owner = byEmail(server, 'owner');
    const member = byEmail(server, 'member');
    const admin = byEmail(server, 'admin');
    const s = await send(server, owner, 'general', `@**${member.full_name}**`, 'plan');
    const d = await send(server, owner, [member.user_id], 'dm');
    const g = await send(server, owner, [member.user_id, admin.user_id], 'group');
    const r = await ok(server, member, 'POST', '/register', { fetch_event_types: ['message'] });
    const ids = [owner.user_id, member.user_id, admin.user_id].sort((a, b) => a - b).join(',');
    expect(r.unread_msgs).toEqual({
      count: 3,
      pms: [{ other_user_id: owner.user_id, unread_message_ids: [d] }],
      streams: [
        {
          stream_id: server.state.channelByName('general')?.stream_id,
          topic: 'plan',
          unread_message_ids: [s],
        },
      ],
      huddles: [{ user_ids_string: ids, unread_message_ids: [g] }],
      mentions: [s],
      old_unreads_missing: false,
    });
    expect(r.max_message_id).toBe(g);
  });

  it('queues only event_types, and message events only within the narrow', async () => {
    const owner = byEmail(server, 'owner');
    const member = byEmail(server, 'member');
    const q = await ok(server, member, 'POST', '/register', {
      event_types: ['message'],
      narrow: [['channel', 'development']],
      apply_markdown: true,
    });
    await send(server, owner, 'general', 'elsewhere', 't');
    const dev = await send(server, owner, 'development', '*here*', 't');
    await ok(server, member, 'PATCH', '/settings', { enter_sends: true });
    const r = await pending(server, member, q.queue_id);
    expect(r).toMatchObject([
      { type: 'message', message: { id: dev, content: '<p><em>here</em></p>' } },
    ]);
  });

  it('delivers state changes of the other routes as events', async () => {
    const member = byEmail(server, 'member');
    const q = await ok(server, member, 'POST', '/register', { event_types: ['user_settings'] });
    await ok(server, member, 'PATCH', '/settings', { enter_sends: true });
    const r = await pending(server, member, q.queue_id);
    expect(r).toMatchObject([
      { type: 'user_settings', op: 'update', property: 'enter_sends', value: true },
    ]);
  });

  it('honours the client capabilities and refuses malformed ones', async () => {
    const member = byEmail(server, 'member');
    const owner = byEmail(server, 'owner');
    const objectOnly = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['user_settings'],
      client_capabilities: { user_settings_object: true },
    });
    expect(objectOnly).toHaveProperty('user_settings');
    expect(objectOnly).not.toHaveProperty('enter_sends');
    const q = await ok(server, member, 'POST', '/register', {
      event_types: ['message'],
      client_capabilities: { empty_topic_name: true },
    });
    await send(server, owner, 'general', 'x', '');
    const r = await pending(server, member, q.queue_id);
    expect(r).toMatchObject([{ message: { subject: '' } }]);
    const bad = await call(server, member, 'POST', '/register', { client_capabilities: '[1]' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    expect(bad.body.msg).toMatch(/client_capabilities/);
  });

  it('refuses malformed event_types and narrows', async () => {
    const member = byEmail(server, 'member');
    const types = await call(server, member, 'POST', '/register', { event_types: 'message' });
    expect(types.body.code).toBe('BAD_REQUEST');
    const narrow = await call(server, member, 'POST', '/register', {
      narrow: [['channel', 'no-such-channel']],
    });
    expect(narrow.body.code).toBe('BAD_REQUEST');
  });
});

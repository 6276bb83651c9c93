import { describe, expect, it } from 'vitest';
import { BadEventQueueIdError } from '../../../src/api/errors.ts';
import { deleteQueue, getEvents, register } from '../../../src/api/routes/events.ts';
import { createChannelFolder } from '../../../src/api/routes/channel-folders.ts';
import { updateMessageFlags } from '../../../src/api/routes/messages.ts';
import { addReaction } from '../../../src/api/routes/reactions.ts';
import { createSavedSnippet } from '../../../src/api/routes/saved-snippets.ts';
import { updateSettings, updateUserSettingsDefaults } from '../../../src/api/routes/settings.ts';
import { subscribe } from '../../../src/api/routes/subscriptions.ts';
import { ROLE, failure, humanWithRole, postToGeneral, useServer } from './harness.ts';

describe('event queue', () => {
  const h = useServer({ longpollTimeoutSeconds: 30 });

  it('registers a queue with the initial state and teaches the client the long-poll timeout', async () => {
    const client = h.as(ROLE.member);
    const me = humanWithRole(h.server, ROLE.member);
    const { data } = await register(client, {
      client_capabilities: {
        notification_settings_null: true,
        bulk_message_deletion: true,
        empty_topic_name: true,
      },
    });
    expect(typeof data.queue_id).toBe('string');
    expect(data.last_event_id).toBe(-1);
    expect(data.user_id).toBe(me.user_id);
    expect(data.subscriptions?.map((s) => s.name)).toContain('general');
    expect(data.realm_users?.some((u) => u.user_id === me.user_id)).toBe(true);
    expect(data.unread_msgs).toBeDefined();
    expect(data.event_queue_longpoll_timeout_seconds).toBe(30);
    expect(client.knownFeatureLevel).toBe(data.service_feature_level ?? 0);
    expect(client.longPollTimeoutMs).toBeGreaterThan(30_000);
    expect(client.longPollTimeoutMs).toBeLessThan(90_000);
  });

  it('returns at once with dont_block and nothing queued', async () => {
    const client = h.as(ROLE.member);
    const { data } = await register(client, { event_types: ['message'] });
    const events = await getEvents(client, {
      queue_id: data.queue_id ?? '',
      last_event_id: -1,
      dont_block: true,
    });
    expect(events.data.events).toEqual([]);
  });

  it('wakes a pending long-poll with a message event, flags beside the message', async () => {
    const reader = h.as(ROLE.member);
    const { data } = await register(reader, { event_types: ['message'] });
    const poll = getEvents(reader, { queue_id: data.queue_id ?? '', last_event_id: -1 });
    const sentId = await postToGeneral(h.as(ROLE.admin), 'events', 'ping');
    const { data: got } = await poll;
    const event = got.events.find((e) => e.type === 'message');
    expect(event?.type === 'message' && event.message.id).toBe(sentId);
    expect(event?.type === 'message' && Array.isArray(event.flags)).toBe(true);
  });

  it('decodes the server’s own events of every modelled type it emits', async () => {
    const admin = h.as(ROLE.admin);
    const { data } = await register(admin);
    const messageId = await postToGeneral(admin, 'events', 'many kinds');
    await addReaction(admin, messageId, { emoji_name: 'tada' });
    await updateMessageFlags(admin, { messages: [messageId], op: 'add', flag: 'starred' });
    await updateSettings(admin, { enable_sounds: false });
    await updateUserSettingsDefaults(admin, { color_scheme: 3 });
    await createSavedSnippet(admin, { title: 'Event', content: 'snippet' });
    await createChannelFolder(admin, { name: 'Evented', description: '' });
    await subscribe(admin, { subscriptions: [{ name: 'evented-channel' }] });
    const { data: got } = await getEvents(admin, {
      queue_id: data.queue_id ?? '',
      last_event_id: data.last_event_id,
      dont_block: true,
    });
    const types = new Set(got.events.map((e) => e.type));
    for (const type of [
      'message',
      'reaction',
      'update_message_flags',
      'user_settings',
      'realm_user_settings_defaults',
      'saved_snippets',
      'channel_folder',
      'subscription',
    ]) {
      expect(types, type).toContain(type);
    }
  });

  it('lets the caller abort a pending long-poll', async () => {
    const client = h.as(ROLE.member);
    const { data } = await register(client, { event_types: ['message'] });
    const controller = new AbortController();
    const poll = getEvents(client, { queue_id: data.queue_id ?? '' }, controller.signal);
    controller.abort(new Error('signing out'));
    await expect(poll).rejects.toThrow('signing out');
  });

  it('releases a queue, after which polling it gives BAD_EVENT_QUEUE_ID with the queue id', async () => {
    const client = h.as(ROLE.member);
    const { data } = await register(client, { event_types: ['message'] });
    const queueId = data.queue_id ?? '';
    await deleteQueue(client, queueId);
    const error = await failure(getEvents(client, { queue_id: queueId, dont_block: true }));
    expect(error).toBeInstanceOf(BadEventQueueIdError);
    expect((error as BadEventQueueIdError).queueId).toBe(queueId);
  });

  it('gives BAD_EVENT_QUEUE_ID for a queue the server garbage-collected', async () => {
    const client = h.as(ROLE.member);
    const { data } = await register(client, { event_types: ['message'] });
    h.server.gcQueuesNow();
    expect(
      await failure(getEvents(client, { queue_id: data.queue_id ?? '', dont_block: true })),
    ).toBeInstanceOf(BadEventQueueIdError);
  });
});

import { describe, expect, it } from 'vitest';
import { getEventsResponse, type ServerEvent } from '../../../../src/api/schemas/event.ts';
import { decode, malformed, without } from './helpers.ts';

const events = (list: object[]): ServerEvent[] =>
  decode('GET /events', getEventsResponse, { queue_id: 'q', events: list }).events;

/** An update_message event of an FL 247 server. */
const edit = {
  id: 1,
  type: 'update_message',
  user_id: 10,
  rendering_only: false,
  message_id: 58,
  message_ids: [58],
  flags: ['read'],
  edit_timestamp: 1594825451,
  orig_content: 'hello',
  content: 'new content',
  rendered_content: '<p>new content</p>',
  is_me_message: false,
};
/** update_message_flags as the widely deployed server sends it now: no `all` on remove. */
const unread = {
  id: 2,
  type: 'update_message_flags',
  op: 'remove',
  flag: 'read',
  messages: [58],
  message_details: { '58': { type: 'stream', stream_id: 5, topic: 'test' } },
};

describe('update_message_flags events', () => {
  it('shows a missing `all` as false', () => {
    const [event] = events([unread]);
    expect(event?.type === 'update_message_flags' && event.all).toBe(false);
  });

  it('shows `operation` (before FL 32) as `op`', () => {
    const older = { ...without(unread, 'op'), operation: 'add', all: true };
    const [event] = events([older]);
    expect(event).toMatchObject({ type: 'update_message_flags', op: 'add', all: true });
  });

  it('still names a truly required field that is missing', () => {
    expect(
      malformed('GET /events', getEventsResponse, { events: [without(unread, 'op')] }).path,
    ).toBe('events.0.op');
    const noFlag = without(unread, 'flag');
    expect(malformed('GET /events', getEventsResponse, { events: [edit, noFlag] }).path).toBe(
      'events.1.flag',
    );
  });
});

describe('update_message events', () => {
  it('keeps user_id, rendering_only and edit_timestamp as sent', () => {
    const [event] = events([edit]);
    expect(event).toMatchObject({ user_id: 10, rendering_only: false, edit_timestamp: 1594825451 });
  });

  it('accepts a rendering update from before FL 114, without them', () => {
    const older = without(without(without(edit, 'user_id'), 'rendering_only'), 'edit_timestamp');
    const [event] = events([older]);
    expect(event?.type).toBe('update_message');
    if (event?.type !== 'update_message') return;
    expect([event.user_id, event.rendering_only, event.edit_timestamp]).toEqual([
      null,
      false,
      undefined,
    ]);
  });

  it('still names a truly required field that is missing', () => {
    expect(
      malformed('GET /events', getEventsResponse, { events: [without(edit, 'message_ids')] }).path,
    ).toBe('events.0.message_ids');
  });
});

describe('events of servers before FL 134 and FL 89', () => {
  const mutedTopics = {
    id: 3,
    type: 'muted_topics',
    muted_topics: [['Denmark', 'topic', 1594825442]],
  };
  const display = {
    id: 4,
    type: 'update_display_settings',
    user: 'iago@zulip.com',
    setting_name: 'high_contrast_mode',
    setting: false,
  };
  const notifications = {
    id: 5,
    type: 'update_global_notifications',
    user: 'iago@zulip.com',
    notification_name: 'enable_sounds',
    setting: true,
  };

  it('models muted_topics and the two settings events', () => {
    expect(events([mutedTopics, display, notifications])).toEqual([
      mutedTopics,
      display,
      notifications,
    ]);
  });

  it('names the field a broken one lacks', () => {
    const noName = without(notifications, 'notification_name');
    expect(malformed('GET /events', getEventsResponse, { events: [noName] }).path).toBe(
      'events.0.notification_name',
    );
    const noList = without(mutedTopics, 'muted_topics');
    expect(malformed('GET /events', getEventsResponse, { events: [noList] }).path).toBe(
      'events.0.muted_topics',
    );
  });
});

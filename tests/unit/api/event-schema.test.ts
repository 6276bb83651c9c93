import { describe, expect, it } from 'vitest';
import { decodeResponse } from '../../../src/api/decode.ts';
import { MalformedResponseError } from '../../../src/api/errors.ts';
import { getEventsResponse } from '../../../src/api/schemas/event.ts';
import { registerResponse } from '../../../src/api/schemas/register.ts';

const ok = { result: 'success', msg: '' };
const decodeEvents = (events: unknown[]) =>
  decodeResponse(
    'GET /events',
    200,
    JSON.stringify({ ...ok, queue_id: 'q', events }),
    getEventsResponse,
  );

describe('event schema', () => {
  it('passes an event type it does not model through as the unknown variant', () => {
    const [event] = decodeEvents([
      { id: 4, type: 'typing_edit_message', op: 'start', message_id: 3 },
    ]).data.events;
    expect(event).toEqual({
      id: 4,
      type: 'unknown',
      eventType: 'typing_edit_message',
      payload: { id: 4, type: 'typing_edit_message', op: 'start', message_id: 3 },
    });
  });

  it('narrows a known event by its type', () => {
    const [event] = decodeEvents([
      {
        id: 1,
        type: 'user_topic',
        stream_id: 2,
        topic_name: 't',
        last_updated: 5,
        visibility_policy: 3,
      },
    ]).data.events;
    expect(event?.type).toBe('user_topic');
    if (event?.type === 'user_topic') expect(event.visibility_policy).toBe(3);
  });

  it('rejects a known event with a broken payload, naming the event and field', () => {
    expect(() =>
      decodeEvents([
        { id: 1, type: 'heartbeat' },
        { id: 2, type: 'alert_words', alert_words: 'perch' },
      ]),
    ).toThrow(expect.objectContaining({ path: 'events.1.alert_words' }));
  });

  it('requires id on every event, modelled or not', () => {
    expect(() => decodeEvents([{ type: 'typing' }])).toThrow(MalformedResponseError);
  });

  it('keeps the subscription remove form that carries only id and name', () => {
    const [event] = decodeEvents([
      { id: 1, type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 3, name: 'old' }] },
    ]).data.events;
    expect(event?.type === 'subscription' && event.subscriptions?.[0]?.name).toBe('old');
  });
});

describe('register schema', () => {
  it('shows the recent view under its current name whatever the server calls it', () => {
    const body = {
      ...ok,
      queue_id: 'q',
      last_event_id: -1,
      user_settings: { web_home_view: 'recent_topics' },
    };
    const result = decodeResponse('POST /register', 200, JSON.stringify(body), registerResponse);
    expect(result.data.user_settings?.web_home_view).toBe('recent');
  });

  it('shows the channel permission under its current name whatever the server calls it', () => {
    const legacy = { stream_id: 1, name: 'general', can_remove_subscribers_group_id: 7 };
    const current = {
      stream_id: 2,
      name: 'ops',
      can_remove_subscribers_group: { direct_members: [3], direct_subgroups: [] },
    };
    const body = { ...ok, queue_id: 'q', last_event_id: -1, streams: [legacy, current] };
    const result = decodeResponse('POST /register', 200, JSON.stringify(body), registerResponse);
    expect(result.data.streams?.map((s) => s.can_remove_subscribers_group)).toEqual([
      7,
      { direct_members: [3], direct_subgroups: [] },
    ]);
  });

  it('shows an older server’s url_format_string as url_template', () => {
    const linkifier = { id: 1, pattern: 'x', url_format_string: 'https://t.test/%(id)s' };
    const body = { ...ok, queue_id: 'q', last_event_id: -1, realm_linkifiers: [linkifier] };
    const result = decodeResponse('POST /register', 200, JSON.stringify(body), registerResponse);
    expect(result.data.realm_linkifiers?.[0]?.url_template).toBe('https://t.test/%(id)s');
  });
});

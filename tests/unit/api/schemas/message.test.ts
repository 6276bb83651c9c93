import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../src/api/client.ts';
import { compile } from '../../../../src/api/conforms.ts';
import { MalformedResponseError } from '../../../../src/api/errors.ts';
import { getMessages } from '../../../../src/api/routes/messages.ts';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import {
  anyLevelGetMessagesResponse,
  getMessagesResponse,
} from '../../../../src/api/schemas/message.ts';
import { decode, malformed, stubServer, without, type StubServer } from './helpers.ts';

/** A message of a server below FL 46: URL-only topic links, `prev_subject` in its history. */
const older = {
  id: 16,
  sender_id: 4,
  sender_email: 'hamlet@chat.test',
  sender_full_name: 'King Hamlet',
  avatar_url: 'https://secure.gravatar.com/avatar/6d8cad0fd00256e7b40691d27ddfd466',
  client: 'populate_db',
  content: '<p>Security experts agree that relational algorithms are an interesting topic.</p>',
  content_type: 'text/html',
  display_recipient: 'Denmark',
  recipient_id: 27,
  type: 'stream',
  stream_id: 1,
  subject: 'ticket #1234',
  topic_links: ['https://tracker.chat.test/1234'],
  timestamp: 1527921326,
  is_me_message: false,
  reactions: [],
  submessages: [],
  edit_history: [{ user_id: 4, timestamp: 1527921330, prev_subject: 'ticket' }],
  last_edit_timestamp: 1527921330,
  flags: ['read'],
};
/** The same message from a current server. */
const current = {
  ...older,
  topic_links: [{ text: '#1234', url: 'https://tracker.chat.test/1234' }],
  edit_history: [
    { user_id: 4, timestamp: 1527921330, prev_topic: 'ticket', topic: 'ticket #1234' },
  ],
};
const page = { anchor: 16, found_newest: true, found_oldest: true, found_anchor: true };

describe('message schema', () => {
  it('shows URL-only topic links as {text, url} and prev_subject as prev_topic', () => {
    const { messages } = decode('GET /messages', anyLevelGetMessagesResponse, {
      ...page,
      messages: [older],
    });
    expect(messages[0]?.topic_links).toEqual([
      { text: 'https://tracker.chat.test/1234', url: 'https://tracker.chat.test/1234' },
    ]);
    expect(messages[0]?.edit_history?.[0]?.prev_topic).toBe('ticket');
  });

  it('leaves a current server’s message as it is, on the compiled fast path', () => {
    const body = { ...page, messages: [current] };
    expect(compile(getMessagesResponse)).toBeTypeOf('function');
    expect(decode('GET /messages', anyLevelGetMessagesResponse, body).messages).toEqual(
      decode('GET /messages', getMessagesResponse, body).messages,
    );
  });

  it('does the same for the message event', () => {
    const [event] = decode('GET /events', getEventsResponse, {
      events: [{ id: 1, type: 'message', message: without(older, 'flags'), flags: [] }],
    }).events;
    expect(event?.type === 'message' && event.message.topic_links?.[0]?.url).toBe(
      'https://tracker.chat.test/1234',
    );
    expect(event?.type === 'message' && event.message.edit_history?.[0]?.prev_topic).toBe('ticket');
  });

  it('still names a truly required field that is missing, at any level', () => {
    const body = { ...page, messages: [older, without(older, 'sender_id')] };
    expect(malformed('GET /messages', anyLevelGetMessagesResponse, body).path).toBe(
      'messages.1.sender_id',
    );
    const badLink = { ...page, messages: [{ ...older, topic_links: [3] }] };
    expect(malformed('GET /messages', anyLevelGetMessagesResponse, badLink).path).toBe(
      'messages.0.topic_links.0',
    );
    const noTimestamp = { ...older, edit_history: [{ user_id: 4, prev_subject: 'x' }] };
    expect(
      malformed('GET /messages', anyLevelGetMessagesResponse, { ...page, messages: [noTimestamp] })
        .path,
    ).toBe('messages.0.edit_history.0.timestamp');
  });
});

describe('GET /messages picks the schema by the server’s feature level', () => {
  let server: StubServer | undefined;
  let client: ApiClient | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
  });

  async function fetchFrom(level: number, message: object) {
    server = await stubServer({
      '/server_settings': { service_feature_level: level },
      '/messages': { ...page, messages: [message] },
    });
    client = new ApiClient({ realmUrl: server.url, email: 'hamlet@chat.test', apiKey: 'k' });
    return getMessages(client, { anchor: 'newest', num_before: 1, num_after: 0 });
  }

  it('rewrites an older server’s shapes', async () => {
    const { data } = await fetchFrom(40, older);
    expect(data.messages[0]?.topic_links?.[0]).toEqual({
      text: 'https://tracker.chat.test/1234',
      url: 'https://tracker.chat.test/1234',
    });
    expect(data.messages[0]?.edit_history?.[0]?.prev_topic).toBe('ticket');
  });

  it('keeps a current server’s messages as sent', async () => {
    const { data } = await fetchFrom(420, current);
    expect(data.messages[0]?.topic_links?.[0]?.text).toBe('#1234');
  });

  it('holds a current server to the current shapes', async () => {
    await expect(fetchFrom(420, older)).rejects.toThrow(MalformedResponseError);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { editMessage } from '../../../src/server/messages/edit.ts';
import { messaging } from '../../../src/server/messages/service.ts';
import { byEmail, call, ok, send } from './messaging-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(async () => {
  await server.close();
});

const owner = () => byEmail(server, 'owner');
const member = () => byEmail(server, 'member');
const member2 = () => byEmail(server, 'member2');

async function post(
  content: string,
  to: unknown = 'general',
  topic = 'greetings',
  from = owner(),
): Promise<number> {
  const r = await ok(server, from, 'POST', '/messages', { type: 'stream', to, topic, content });
  return r.id as number;
}

type Msg = Record<string, unknown> & { id: number; flags: string[] };

async function messages(
  user = member(),
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { messages: Msg[] }> {
  const r = await ok(server, user, 'GET', '/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    ...params,
  });
  return r as Record<string, unknown> & { messages: Msg[] };
}

describe('POST /messages', () => {
  it('sends to a channel by name or id and to users by id or email', async () => {
    const general = server.state.channelByName('general')?.stream_id;
    const a = await post('by name');
    const b = await post('by id', general);
    const dm = await send(server, owner(), [member().user_id], 'hi');
    const dm2 = await ok(server, owner(), 'POST', '/messages', {
      type: 'private',
      to: member().email,
      content: 'hi again',
    });
    const ids = (await messages()).messages.map((m) => m.id);
    expect(ids).toEqual([a, b, dm, dm2.id]);
  });

  it('names each missing parameter', async () => {
    for (const [params, missing] of [
      [{ to: 'general', content: 'x' }, 'type'],
      [{ type: 'stream', content: 'x' }, 'to'],
      [{ type: 'stream', to: 'general' }, 'content'],
    ] as const) {
      const r = await call(server, owner(), 'POST', '/messages', params);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: missing });
    }
  });

  it('answers STREAM_DOES_NOT_EXIST with the channel name for an unknown channel', async () => {
    const r = await call(server, owner(), 'POST', '/messages', {
      type: 'stream',
      to: 'nowhere',
      topic: 't',
      content: 'x',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream: 'nowhere' });
  });

  it('refuses empty content, unknown types, unknown users and private channels one is not in', async () => {
    const cases: Record<string, unknown>[] = [
      { type: 'stream', to: 'general', topic: 't', content: '   ' },
      { type: 'broadcast', to: 'general', content: 'x' },
      { type: 'direct', to: [99999], content: 'x' },
      { type: 'direct', to: 'ghost@nowhere.test', content: 'x' },
    ];
    for (const params of cases) {
      const r = await call(server, owner(), 'POST', '/messages', params);
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    const r = await call(server, member(), 'POST', '/messages', {
      type: 'stream',
      to: 'leadership',
      topic: 't',
      content: 'x',
    });
    expect(r.body.code).toBe('BAD_REQUEST');
  });
});

describe('GET /messages', () => {
  it('renders Markdown by default and returns the source with apply_markdown false', async () => {
    await post('some **bold** text');
    const [html] = (await messages()).messages;
    expect(html).toMatchObject({
      content: '<p>some <strong>bold</strong> text</p>',
      content_type: 'text/html',
    });
    const [raw] = (await messages(member(), { apply_markdown: false })).messages;
    expect(raw).toMatchObject({ content: 'some **bold** text', content_type: 'text/x-markdown' });
  });

  it('returns the message fields clients rely on', async () => {
    await post('hello');
    const [m] = (await messages()).messages;
    expect(m).toMatchObject({
      sender_email: owner().email,
      sender_full_name: owner().full_name,
      display_recipient: 'general',
      type: 'stream',
      subject: 'greetings',
      is_me_message: false,
      reactions: [],
      flags: [],
    });
    expect(typeof m?.timestamp).toBe('number');
    expect(typeof m?.recipient_id).toBe('number');
  });

  it('leaves avatar_url null under client_gravatar only', async () => {
    await post('hello');
    expect(
      (await messages(member(), { client_gravatar: true })).messages[0]?.avatar_url,
    ).toBeNull();
    expect((await messages(member(), { client_gravatar: false })).messages[0]?.avatar_url).toMatch(
      /^http/,
    );
  });

  it('pages around an anchor with found_* and history_limited', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await post(`m${i}`));
    const r = await ok(server, member(), 'GET', '/messages', {
      anchor: String(ids[2]),
      num_before: 1,
      num_after: 1,
    });
    expect((r.messages as Msg[]).map((m) => m.id)).toEqual(ids.slice(1, 4));
    expect(r).toMatchObject({
      anchor: ids[2],
      found_anchor: true,
      found_oldest: false,
      found_newest: false,
      history_limited: false,
    });
    // The anchor comes on top of num_after.
    const first = await ok(server, member(), 'GET', '/messages', {
      anchor: 'first_unread',
      num_before: 0,
      num_after: 2,
    });
    expect((first.messages as Msg[]).map((m) => m.id)).toEqual(ids.slice(0, 3));
    const dated = await ok(server, member(), 'GET', '/messages', {
      anchor: 'date',
      anchor_date: '2000-01-01',
      num_before: 0,
      num_after: 0,
    });
    expect(dated).toMatchObject({ anchor: ids[0], found_anchor: true });
    expect((dated.messages as Msg[]).map((m) => m.id)).toEqual([ids[0]]);
  });

  it('needs num_before and num_after and refuses more than 5000 messages', async () => {
    const missing = await call(server, member(), 'GET', '/messages', {
      anchor: 'newest',
      num_after: 0,
    });
    expect(missing.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'num_before',
    });
    const tooMany = await call(server, member(), 'GET', '/messages', {
      anchor: 'newest',
      num_before: 4000,
      num_after: 1001,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('BAD_REQUEST');
    const bad = await call(server, member(), 'GET', '/messages', {
      anchor: 'sometime',
      num_before: 1,
      num_after: 0,
    });
    expect(bad.body.code).toBe('BAD_REQUEST');
    const negative = await call(server, member(), 'GET', '/messages', {
      anchor: 'newest',
      num_before: -1,
      num_after: 0,
    });
    expect(negative.body.msg).toMatch(/num_before/);
  });

  it('returns message_ids that exist and are readable, and refuses them with range parameters', async () => {
    const a = await post('a');
    const secret = await post('secret', 'leadership');
    const r = await ok(server, member(), 'GET', '/messages', { message_ids: [a, secret, 9999] });
    expect((r.messages as Msg[]).map((m) => m.id)).toEqual([a]);
    expect(r).not.toHaveProperty('anchor');
    const both = await call(server, member(), 'GET', '/messages', {
      message_ids: [a],
      anchor: 'newest',
      num_before: 1,
    });
    expect(both.body).toMatchObject({
      code: 'BAD_REQUEST',
      parameters: 'message_ids, anchor, num_before',
    });
  });

  it('refuses anchor together with use_first_unread_anchor', async () => {
    const r = await call(server, member(), 'GET', '/messages', {
      anchor: 'newest',
      use_first_unread_anchor: true,
      num_before: 1,
      num_after: 0,
    });
    expect(r.body).toMatchObject({
      code: 'BAD_REQUEST',
      parameters: 'anchor, use_first_unread_anchor',
    });
  });

  it('narrows by channel and topic, and by DM', async () => {
    const lunch = await post('food?', 'general', 'lunch');
    await post('other', 'general', 'work');
    const dm = await send(server, owner(), [member().user_id], 'psst');
    const narrow = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: 'lunch' },
    ];
    expect((await messages(member(), { narrow })).messages.map((m) => m.id)).toEqual([lunch]);
    const dms = await messages(member(), { narrow: [['dm', [owner().user_id]]] });
    expect(dms.messages.map((m) => m.id)).toEqual([dm]);
    const bad = await call(server, member(), 'GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: '[{"operator":',
    });
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(bad.body.msg).toMatch(/narrow/);
  });

  it('reads public channel history one never received, flagged historical', async () => {
    const before = await post('before member2 joined', 'development', 'x', owner());
    // member2 is subscribed to development, but the guest is not and cannot read it.
    const history = await messages(member2(), {
      narrow: [{ operator: 'channels', operand: 'public' }],
    });
    expect(history.messages.map((m) => m.id)).toContain(before);
    server.state.removeSubscription(
      member2().user_id,
      server.state.channelByName('development')?.stream_id ?? 0,
    );
    const later = await post('after member2 left', 'development', 'x', owner());
    const shared = await messages(member2(), {
      narrow: [{ operator: 'channel', operand: 'development' }],
    });
    expect(shared.messages.find((m) => m.id === later)?.flags).toEqual(['read', 'historical']);
    const own = await messages(member2());
    expect(own.messages.map((m) => m.id)).not.toContain(later);
  });

  it('shows the empty topic by its display name unless allow_empty_topic_name', async () => {
    await send(server, owner(), 'general', 'no topic', '');
    expect((await messages()).messages[0]?.subject).toBe(
      server.state.realm.empty_topic_display_name,
    );
    expect((await messages(member(), { allow_empty_topic_name: true })).messages[0]?.subject).toBe(
      '',
    );
  });

  it('sets per-user flags: read for the sender, mentioned for the mentioned', async () => {
    await post(`hey @**${member().full_name}**`);
    expect((await messages(owner())).messages[0]?.flags).toEqual(['read']);
    expect((await messages(member())).messages[0]?.flags).toEqual(['mentioned']);
    expect((await messages(member2())).messages[0]?.flags).toEqual([]);
  });

  it('shows edits and moves with their history, newest first', async () => {
    const id = await post('first draft', 'general', 'drafts');
    const m = messaging(server.ctx);
    const message = m.store.get(id);
    const editor = server.state.users.get(owner().user_id);
    if (!message || !editor) throw new Error('setup');
    editMessage(m, message, { editor, content: 'final text', timestamp: message.timestamp + 10 });
    editMessage(m, message, { editor, topic: 'published', timestamp: message.timestamp + 20 });
    const [shown] = (await messages()).messages;
    expect(shown).toMatchObject({
      content: '<p>final text</p>',
      subject: 'published',
      last_edit_timestamp: message.timestamp + 10,
      last_moved_timestamp: message.timestamp + 20,
      edit_history: [
        {
          user_id: editor.user_id,
          timestamp: message.timestamp + 20,
          prev_topic: 'drafts',
          topic: 'published',
        },
        {
          user_id: editor.user_id,
          timestamp: message.timestamp + 10,
          prev_content: 'first draft',
          prev_rendered_content: '<p>first draft</p>',
        },
      ],
    });
  });

  it('links topics through the linkifiers', async () => {
    const id = server.state.nextId('linkifier');
    server.state.linkifiers.set(id, {
      id,
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://tracker.example/{id}',
      reverse_template: null,
      alternative_url_templates: [],
    });
    await post('see topic', 'general', 'bug #42');
    expect((await messages()).messages[0]?.topic_links).toEqual([
      { text: '#42', url: 'https://tracker.example/42' },
    ]);
  });
});

describe('older feature levels', () => {
  it('knows neither message_ids, anchor=date nor type=direct where they did not exist yet', async () => {
    await server.close();
    server = await startServer({ rateLimit: false, featureLevel: 170 });
    const direct = await call(server, owner(), 'POST', '/messages', {
      type: 'direct',
      to: [member().user_id],
      content: 'x',
    });
    expect(direct.body.code).toBe('BAD_REQUEST');
    await ok(server, owner(), 'POST', '/messages', {
      type: 'private',
      to: [member().user_id],
      content: 'x',
    });
    const ids = await call(server, member(), 'GET', '/messages', { message_ids: [1] });
    expect(ids.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'num_before' });
    const date = await call(server, member(), 'GET', '/messages', {
      anchor: 'date',
      anchor_date: '2020-01-01',
      num_before: 0,
      num_after: 1,
    });
    expect(date.body.code).toBe('BAD_REQUEST');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from './messaging-client.ts';

let server: StartedServer;
afterEach(async () => {
  await server.close();
});

async function setup(featureLevel?: number) {
  server = await startServer({ rateLimit: false, ...(featureLevel ? { featureLevel } : {}) });
  const owner = byEmail(server, 'owner');
  const member = byEmail(server, 'member');
  const sent = await send(server, owner, 'general', 'react to me', 't');
  return { owner, member, id: sent };
}

describe('POST and DELETE /messages/{id}/reactions', () => {
  it('adds a reaction that shows on the message and reaches the other readers', async () => {
    const { owner, member, id } = await setup();
    const q = await ok(server, owner, 'POST', '/register', { event_types: ['reaction'] });
    await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name: 'tada' });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    expect((r.messages as { reactions: unknown[] }[])[0]?.reactions).toEqual([
      {
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
        user_id: member.user_id,
      },
    ]);
    const events = await pending(server, owner, q.queue_id);
    expect(events).toEqual([
      {
        id: 0,
        type: 'reaction',
        op: 'add',
        message_id: id,
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
        user_id: member.user_id,
      },
    ]);
  });

  it('accepts any well-formed Unicode emoji code with its name', async () => {
    const { member, id } = await setup();
    await ok(server, member, 'POST', `/messages/${id}/reactions`, {
      emoji_name: 'sparkles',
      emoji_code: '2728',
    });
    await ok(server, member, 'POST', `/messages/${id}/reactions`, {
      emoji_name: 'family',
      emoji_code: '1f468-200d-1f469',
    });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    expect(
      (r.messages as { reactions: { emoji_code: string }[] }[])[0]?.reactions.map(
        (x) => x.emoji_code,
      ),
    ).toEqual(['2728', '1f468-200d-1f469']);
  });

  it('knows every Unicode emoji by name, skin tones too, and drops U+FE0F from codes', async () => {
    const { member, id } = await setup();
    for (const emoji_name of ['heart_on_fire', 'wave_tone4', 'flag-jp'])
      await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name });
    await ok(server, member, 'POST', `/messages/${id}/reactions`, {
      emoji_name: 'red_heart',
      emoji_code: '2764-FE0F',
    });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    const reactions = (
      r.messages as { reactions: { emoji_name: string; emoji_code: string }[] }[]
    )[0]?.reactions;
    expect(reactions?.map((x) => [x.emoji_name, x.emoji_code])).toEqual([
      ['heart_on_fire', '2764-200d-1f525'],
      ['wave_tone4', '1f44b-1f3fe'],
      ['flag-jp', '1f1ef-1f1f5'],
      ['red_heart', '2764'],
    ]);
  });

  it('reads names as upstream’s table does: :cat: is the cat, not its face', async () => {
    const { member, id } = await setup();
    for (const emoji_name of ['cat', 'kitten', 'up'])
      await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    const reactions = (
      r.messages as { reactions: { emoji_name: string; emoji_code: string }[] }[]
    )[0]?.reactions;
    expect(reactions?.map((x) => [x.emoji_name, x.emoji_code])).toEqual([
      ['cat', '1f408'],
      ['kitten', '1f431'],
      ['up', '2b06'],
    ]);
  });

  it('answers REACTION_ALREADY_EXISTS for the same reaction twice', async () => {
    const { member, id } = await setup();
    await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name: '+1' });
    const again = await call(server, member, 'POST', `/messages/${id}/reactions`, {
      emoji_name: '+1',
      emoji_code: '1f44d',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('REACTION_ALREADY_EXISTS');
  });

  it('removes a reaction by name or by code', async () => {
    const { member, id } = await setup();
    await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name: 'heart' });
    await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name: 'eyes' });
    await ok(server, member, 'DELETE', `/messages/${id}/reactions`, { emoji_name: 'heart' });
    await ok(server, member, 'DELETE', `/messages/${id}/reactions`, {
      emoji_code: '1f440',
      reaction_type: 'unicode_emoji',
    });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    expect((r.messages as { reactions: unknown[] }[])[0]?.reactions).toEqual([]);
  });

  it('answers REACTION_DOES_NOT_EXIST for a missing reaction, BAD_REQUEST before level 193', async () => {
    const { member, id } = await setup();
    const r = await call(server, member, 'DELETE', `/messages/${id}/reactions`, {
      emoji_name: 'rocket',
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('REACTION_DOES_NOT_EXIST');
    await server.close();
    const old = await setup(192);
    const o = await call(server, old.member, 'DELETE', `/messages/${old.id}/reactions`, {
      emoji_name: 'rocket',
    });
    expect(o.status).toBe(400);
    expect(o.body.code).toBe('BAD_REQUEST');
  });

  it('refuses invalid emoji codes, unknown names, unknown messages and a missing emoji_name', async () => {
    const { member, id } = await setup();
    const path = `/messages/${id}/reactions`;
    const refused: [string, string, Record<string, unknown>][] = [
      ['POST', path, { emoji_name: 'x', emoji_code: 'zzzz' }],
      ['DELETE', path, { emoji_code: 'zzzz' }],
      ['POST', path, { emoji_name: 'x', emoji_code: '1', reaction_type: 'realm_emoji' }],
      ['POST', path, { emoji_name: 'no_such_emoji' }],
      ['POST', '/messages/99999/reactions', { emoji_name: 'tada' }],
      ['DELETE', path, {}],
    ];
    for (const [method, where, params] of refused) {
      const r = await call(server, member, method, where, params);
      expect(r.body.code, JSON.stringify(params)).toBe('BAD_REQUEST');
    }
    const missing = await call(server, member, 'POST', path, {});
    expect(missing.body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'emoji_name',
    });
  });
});

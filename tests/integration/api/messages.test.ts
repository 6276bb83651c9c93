import { describe, expect, it } from 'vitest';
import { BadRequestError, RequestVariableMissingError } from '../../../src/api/errors.ts';
import type { GetMessagesParams } from '../../../src/api/routes/messages.ts';
import { getMessages, sendMessage, updateMessageFlags } from '../../../src/api/routes/messages.ts';
import { ROLE, failure, humanWithRole, postToGeneral, useServer } from './harness.ts';

describe('messages', () => {
  const h = useServer();

  it('sends a channel message and fetches it back, rendered, with its flags', async () => {
    const member = h.as(ROLE.member);
    const sentId = await postToGeneral(member, 'api tests', 'hello *world*');
    const { data } = await getMessages(member, {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'general' }],
    });
    const mine = data.messages.find((m) => m.id === sentId);
    expect(mine?.content).toContain('<em>world</em>');
    expect(mine?.subject).toBe('api tests');
    expect(mine?.display_recipient).toBe('general');
    expect(mine?.flags).toContain('read');
    expect(data.found_newest).toBe(true);
  });

  it('sends a direct message whose recipient is the list of participants', async () => {
    const member = h.as(ROLE.member);
    const other = humanWithRole(h.server, ROLE.member, 1);
    const sent = await sendMessage(member, {
      type: 'direct',
      to: [other.user_id],
      content: 'psst',
    });
    const { data } = await getMessages(h.asUser(other), {
      message_ids: [sent.data.id],
      apply_markdown: false,
    });
    expect(data.messages).toHaveLength(1);
    const dm = data.messages[0];
    expect(dm?.type).toBe('private');
    expect(dm?.content).toBe('psst');
    expect(Array.isArray(dm?.display_recipient)).toBe(true);
    expect(data.anchor).toBeUndefined();
  });

  it("records the sender's client from its User-Agent: Perch by default, another app by name", async () => {
    const perch = h.as(ROLE.member);
    const perchId = await postToGeneral(perch, 'clients', 'from Perch');
    const other = h.as(ROLE.member, { userAgent: 'ZulipMobile/27.1 (Android 14)' });
    const otherId = await postToGeneral(other, 'clients', 'from the phone');
    const { data } = await getMessages(perch, { message_ids: [perchId, otherId] });
    const client = (id: number) => data.messages.find((m) => m.id === id)?.client;
    expect(client(perchId)).toBe('Perch');
    expect(client(otherId)).toBe('ZulipMobile');
  });

  it('fetches around a message id given as the anchor', async () => {
    const member = h.as(ROLE.member);
    const id = await postToGeneral(member, 'anchors', 'anchor me');
    const { data } = await getMessages(member, { anchor: id, num_before: 0, num_after: 0 });
    expect(data.messages.map((m) => m.id)).toEqual([id]);
    expect(data.found_anchor).toBe(true);
    expect(data.anchor).toBe(id);
  });

  it('adds and removes a flag', async () => {
    const member = h.as(ROLE.member);
    const starId = await postToGeneral(member, 'flags', 'star me');
    const added = await updateMessageFlags(member, {
      messages: [starId],
      op: 'add',
      flag: 'starred',
    });
    expect(added.data.messages).toEqual([starId]);
    const starred = await getMessages(member, { message_ids: [starId] });
    expect(starred.data.messages[0]?.flags).toContain('starred');
    await updateMessageFlags(member, { messages: [starId], op: 'remove', flag: 'starred' });
    const unstarred = await getMessages(member, { message_ids: [starId] });
    expect(unstarred.data.messages[0]?.flags).not.toContain('starred');
  });

  it('refuses more than 5000 messages in one request', async () => {
    const error = await failure(
      getMessages(h.as(ROLE.member), { anchor: 'newest', num_before: 5001, num_after: 0 }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });

  it('names both parameters when message_ids is combined with an anchor', async () => {
    const error = await failure(
      getMessages(h.as(ROLE.member), { message_ids: [1], anchor: 'newest' }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).parameters).toEqual(
      expect.arrayContaining(['message_ids', 'anchor']),
    );
  });

  it('names the missing parameter when num_before is absent', async () => {
    const error = await failure(getMessages(h.as(ROLE.member), { anchor: 'newest', num_after: 0 }));
    expect(error).toBeInstanceOf(RequestVariableMissingError);
    expect((error as RequestVariableMissingError).varName).toBe('num_before');
  });

  it('reports parameters the server ignored as warnings on the result', async () => {
    const params = {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      frobnicate: true,
    } as GetMessagesParams;
    const result = await getMessages(h.as(ROLE.member), params);
    expect(result.ignoredParameters).toEqual(['frobnicate']);
  });
});

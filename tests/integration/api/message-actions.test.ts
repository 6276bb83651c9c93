import { describe, expect, it } from 'vitest';
import { BadRequestError, UnsupportedByServerError } from '../../../src/api/errors.ts';
import {
  deleteMessage,
  getMessage,
  getMessages,
  updateMessage,
  updateMessageFlagsForNarrow,
} from '../../../src/api/routes/messages.ts';
import { ROLE, clientFor, failure, humanWithRole, postToGeneral, useServer } from './harness.ts';
import { startServer } from '../../../src/server/index.ts';

describe('message actions', () => {
  const h = useServer();

  it('reads a message’s source, edits it and moves it to another topic', async () => {
    const client = h.as(ROLE.member);
    const id = await postToGeneral(client, 'actions', 'some *words*');
    const source = await getMessage(client, id, { apply_markdown: false });
    expect(source.data.raw_content).toBe('some *words*');
    await updateMessage(client, id, { content: 'other *words*' });
    await updateMessage(client, id, { topic: 'moved', propagate_mode: 'change_all' });
    const [after] = (await getMessages(client, { message_ids: [id] })).data.messages;
    expect(after).toMatchObject({ content: '<p>other <em>words</em></p>', subject: 'moved' });
  });

  it('gives the server’s refusal as a typed error and deletes what the rules allow', async () => {
    const id = await postToGeneral(h.as(ROLE.member), 'actions', 'mine');
    const other = clientFor(h.server, humanWithRole(h.server, ROLE.member, 1));
    const refused = await failure(deleteMessage(other, id));
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).message).toContain("You don't have permission");
    await other.close();
    await deleteMessage(h.as(ROLE.member), id);
    expect((await getMessages(h.as(ROLE.member), { message_ids: [id] })).data.messages).toEqual([]);
  });

  it('marks a narrow unread from a message on', async () => {
    const client = h.as(ROLE.member);
    const id = await postToGeneral(h.as(ROLE.admin), 'unread-from', 'x');
    const r = await updateMessageFlagsForNarrow(client, {
      anchor: id,
      num_before: 0,
      num_after: 100,
      narrow: [{ operator: 'topic', operand: 'unread-from' }],
      op: 'remove',
      flag: 'read',
    });
    expect(r.data).toMatchObject({ processed_count: 1, first_processed_id: id });
  });

  it('says a server before feature level 155 cannot flag a narrow, before any request', async () => {
    const old = await startServer({ featureLevel: 150, rateLimit: false });
    const client = clientFor(old, humanWithRole(old, ROLE.member));
    const error = await failure(
      updateMessageFlagsForNarrow(client, {
        anchor: 1,
        num_before: 0,
        num_after: 1,
        narrow: [],
        op: 'remove',
        flag: 'read',
      }),
    );
    expect(error).toBeInstanceOf(UnsupportedByServerError);
    await client.close();
    await old.close();
  });
});

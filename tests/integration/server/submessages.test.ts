import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from './messaging-client.ts';

let server: StartedServer;
afterEach(async () => {
  await server.close();
});

interface Sub {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

async function setup(content: string) {
  server = await startServer({ rateLimit: false });
  const owner = byEmail(server, 'owner');
  const member = byEmail(server, 'member');
  const id = await send(server, owner, 'general', content, 'widgets');
  return { owner, member, id };
}

async function submessagesOf(id: number): Promise<Sub[]> {
  const r = await ok(server, byEmail(server, 'owner'), 'GET', '/messages', { message_ids: [id] });
  return (r.messages as { submessages: Sub[] }[])[0]!.submessages;
}

describe('widgets as submessages', () => {
  it('/poll gives the message its widget from the sender, options one per line', async () => {
    const { owner, id } = await setup('/poll Where to eat?\nNoodles\n- Tacos\n\n');
    const [first, ...rest] = await submessagesOf(id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ message_id: id, sender_id: owner.user_id, msg_type: 'widget' });
    expect(JSON.parse(first!.content)).toEqual({
      widget_type: 'poll',
      extra_data: { question: 'Where to eat?', options: ['Noodles', 'Tacos'] },
    });
  });

  it('/todo gives a titled task list, "task: description" per line', async () => {
    const { id } = await setup('/todo Release\nWrite notes: for 1.2\nTag the build');
    const [first] = await submessagesOf(id);
    expect(JSON.parse(first!.content)).toEqual({
      widget_type: 'todo',
      extra_data: {
        task_list_title: 'Release',
        tasks: [
          { task: 'Write notes', desc: 'for 1.2' },
          { task: 'Tag the build', desc: '' },
        ],
      },
    });
  });

  it('a vote is kept on the message and reaches every reader as a submessage event', async () => {
    const { owner, member, id } = await setup('/poll Lunch?\nYes');
    const q = await ok(server, owner, 'POST', '/register', { event_types: ['submessage'] });
    const content = JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 });
    await ok(server, member, 'POST', '/submessage', {
      message_id: id,
      msg_type: 'widget',
      content,
    });
    const subs = await submessagesOf(id);
    expect(subs[1]).toMatchObject({ sender_id: member.user_id, content });
    expect(await pending(server, owner, q.queue_id)).toEqual([
      {
        id: 0,
        type: 'submessage',
        msg_type: 'widget',
        message_id: id,
        submessage_id: subs[1]!.id,
        sender_id: member.user_id,
        content,
      },
    ]);
  });

  it('refuses what upstream refuses: another’s question, a malformed event, a widget started by someone else', async () => {
    const { member, id } = await setup('/poll Lunch?');
    const post = (content: string, messageId = id) =>
      call(server, member, 'POST', '/submessage', {
        message_id: messageId,
        msg_type: 'widget',
        content,
      });
    const question = await post(JSON.stringify({ type: 'question', question: 'Mine now' }));
    expect(question.status).toBe(400);
    expect(question.body.msg).toBe("You can't edit a question unless you are the author.");
    expect((await post('{not json')).body.msg).toBe('Invalid json for submessage');
    expect((await post(JSON.stringify({ type: 'vote', key: 'canned,0' }))).status).toBe(400);
    expect((await post(JSON.stringify({ type: 'shout' }))).body.msg).toBe(
      'Unknown type for poll data: shout',
    );
    const plain = await send(server, byEmail(server, 'owner'), 'general', 'no widget', 'widgets');
    expect((await post('{"type":"vote"}', plain)).body.msg).toBe(
      'You cannot attach a submessage to this message.',
    );
    expect(await submessagesOf(id)).toHaveLength(1);
  });

  it('lets only the author retitle a to-do list, and anyone add and check tasks', async () => {
    const { owner, member, id } = await setup('/todo Chores');
    const post = (user: typeof owner, data: unknown) =>
      call(server, user, 'POST', '/submessage', {
        message_id: id,
        msg_type: 'widget',
        content: JSON.stringify(data),
      });
    const task = { type: 'new_task', key: 1, task: 'Dishes', desc: '', completed: false };
    expect((await post(member, task)).status).toBe(200);
    expect((await post(member, { type: 'strike', key: `1,${member.user_id}` })).status).toBe(200);
    const retitle = await post(member, { type: 'new_task_list_title', title: 'Mine' });
    expect(retitle.body.msg).toBe("You can't edit the task list title unless you are the author.");
    expect((await post(owner, { type: 'new_task_list_title', title: 'Home' })).status).toBe(200);
  });
});

/**
 * The automated notices of a move, asked for through the API binding and sent by the reference
 * server as its notification bot, reaching a second user's event queue.
 */
import { describe, expect, it } from 'vitest';
import { getMessages, updateMessage } from '../../../src/api/routes/messages.ts';
import { startServer } from '../../../src/server/index.ts';
import { ok, pending } from '../server/messaging-client.ts';
import { ROLE, clientFor, humanWithRole, postToGeneral, useServer } from './harness.ts';

type Msg = { id: number; content: string; subject: string; sender_full_name: string };

describe('move notices', () => {
  const h = useServer({ rateLimit: false });

  async function watch() {
    const reader = humanWithRole(h.server, ROLE.member, 1);
    const q = (await ok(h.server, reader, 'POST', '/register', { event_types: ['message'] }))
      .queue_id;
    return async () =>
      (await pending(h.server, reader, q))
        .filter((e) => e.type === 'message')
        .map((e) => e.message as Msg);
  }

  it('leaves a notice in the old topic and the new one when both are asked for', async () => {
    const client = h.as(ROLE.member);
    const first = await postToGeneral(client, 'before both', 'one');
    await postToGeneral(client, 'before both', 'two');
    const seen = await watch();
    await updateMessage(client, first, {
      topic: 'after both',
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
      send_notification_to_new_thread: true,
    });
    const notices = await seen();
    expect(notices.map((n) => [n.subject, n.sender_full_name])).toEqual([
      ['before both', 'Notification Bot'],
      ['after both', 'Notification Bot'],
    ]);
    expect(notices[0]?.content).toContain('This topic was moved to');
    expect(notices[0]?.content).toContain('after both');
    expect(notices[1]?.content).toContain('This topic was moved here from');
    expect(notices[1]?.content).toContain('Mel Member');
  });

  it('by default says only in the new topic how many messages came, and where from', async () => {
    const client = h.as(ROLE.member);
    await postToGeneral(client, 'stays', 'older');
    const moved = await postToGeneral(client, 'stays', 'newer');
    await postToGeneral(client, 'stays', 'newest');
    const seen = await watch();
    await updateMessage(client, moved, { topic: 'split off', propagate_mode: 'change_later' });
    const notices = await seen();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      subject: 'split off',
      sender_full_name: 'Notification Bot',
    });
    expect(notices[0]?.content).toContain('2 messages were moved here from');
  });

  it('sends nothing when neither is asked for, nor for resolving a topic', async () => {
    const client = h.as(ROLE.member);
    const id = await postToGeneral(client, 'quiet', 'x');
    const seen = await watch();
    await updateMessage(client, id, {
      topic: 'quieter',
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    });
    await updateMessage(client, id, { topic: '✔ quieter' });
    expect(await seen()).toEqual([]);
    const { messages } = (
      await getMessages(client, {
        narrow: [{ operator: 'topic', operand: '✔ quieter' }],
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
      })
    ).data;
    expect(messages.map((m) => m.id)).toEqual([id]);
  });

  it('keeps the notification bot out of the organization’s people', async () => {
    const client = h.as(ROLE.member);
    const id = await postToGeneral(client, 'who', 'x');
    await updateMessage(client, id, { topic: 'whom' });
    const users = (await ok(h.server, humanWithRole(h.server, ROLE.admin), 'GET', '/users'))
      .members as { full_name: string }[];
    expect(users.map((u) => u.full_name)).not.toContain('Notification Bot');
  });
});

describe('move notices on a server before feature level 152', () => {
  it('are sent, old and new, only when messages change channel', async () => {
    const server = await startServer({ featureLevel: 150, rateLimit: false });
    try {
      const mover = humanWithRole(server, ROLE.member);
      const client = clientFor(server, mover);
      const id = await postToGeneral(client, 'old server', 'x');
      const reader = humanWithRole(server, ROLE.member, 1);
      const q = (await ok(server, reader, 'POST', '/register', { event_types: ['message'] }))
        .queue_id;
      await updateMessage(client, id, { topic: 'renamed' });
      expect(await pending(server, reader, q)).toEqual([]);
      await client.close();
    } finally {
      await server.close();
    }
  });
});

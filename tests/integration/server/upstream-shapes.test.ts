/**
 * Answers shaped as the widely deployed server shapes them, each checked over HTTP against the
 * words of its upstream document (openapi at FL 420, real-time-events).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from './messaging-client.ts';

let server: StartedServer;
beforeEach(async () => {
  server = await startServer({ rateLimit: false });
});
afterEach(async () => {
  await server.close();
});

async function queue(email: string, eventTypes: string[]) {
  const user = byEmail(server, email);
  const r = await ok(server, user, 'POST', '/register', { event_types: eventTypes });
  return () => pending(server, user, r.queue_id);
}

describe('GET /streams', () => {
  it('carries every field upstream requires of a channel object', async () => {
    const r = await ok(server, byEmail(server, 'member'), 'GET', '/streams');
    const nobody = server.state.systemGroup('role:nobody')!.id;
    for (const channel of r.streams as Record<string, unknown>[]) {
      // "required: can_subscribe_group, is_announcement_only, is_recently_active,
      // stream_weekly_traffic, ..." (BasicChannel in the upstream OpenAPI document).
      expect(channel).toMatchObject({
        // "who have permission to subscribe themselves"; a new channel's default is nobody.
        can_subscribe_group: nobody,
        // "Deprecated ... Clients should use stream_post_policy instead."
        is_announcement_only: false,
        // "If null, no information is provided on the average traffic."
        stream_weekly_traffic: null,
        is_recently_active: true,
      });
    }
  });
});

describe('update_message events', () => {
  it('name the channel of a content-only edit (present for all channel-message edits since FL 112)', async () => {
    const owner = byEmail(server, 'owner');
    const id = await send(server, owner, 'general', 'first', 'plans');
    const events = await queue('owner', ['update_message']);
    await ok(server, owner, 'PATCH', `/messages/${id}`, { content: 'second' });
    const channel = server.state.channelByName('general')!;
    // "As of Zulip 5.0 (feature level 112), this field is present for all edits to a
    // stream message. Previously, it was not present when only the content ... was edited."
    expect(await events()).toEqual([
      expect.objectContaining({
        type: 'update_message',
        message_id: id,
        stream_id: channel.stream_id,
      }),
    ]);
  });

  it('give orig_subject when messages move to another channel under the same topic', async () => {
    const owner = byEmail(server, 'owner');
    const id = await send(server, owner, 'general', 'moving', 'plans');
    const events = await queue('owner', ['update_message']);
    const to = server.state.channelByName('development')!.stream_id;
    await ok(server, owner, 'PATCH', `/messages/${id}`, { stream_id: to });
    const [event] = await events();
    // orig_subject: "Only present if this event moved messages to a different topic
    // and/or stream"; subject: "Only present if this event moved messages to a different topic."
    expect(event).toMatchObject({ new_stream_id: to, orig_subject: 'plans' });
    expect(event).not.toHaveProperty('subject');
  });
});

describe('POST /user_topics', () => {
  it('removes the record when the policy goes back to 0 (inherit)', async () => {
    const member = byEmail(server, 'member');
    const streamId = server.state.channelByName('general')!.stream_id;
    const set = (visibility_policy: number) =>
      ok(server, member, 'POST', '/user_topics', {
        stream_id: streamId,
        topic: 'lunch',
        visibility_policy,
      });
    await set(1);
    const fetched = async () =>
      (await ok(server, member, 'POST', '/register', { fetch_event_types: ['user_topic'] }))
        .user_topics as { topic_name: string }[];
    expect((await fetched()).map((t) => t.topic_name)).toEqual(['lunch']);
    await set(0);
    // The user_topic event's policy 0: "Used to indicate that the user no longer has a
    // special visibility policy for this topic", so register lists no record for it.
    expect(await fetched()).toEqual([]);
  });
});

describe('GET /users', () => {
  it('limits the answer to user_ids (FL 384)', async () => {
    const member = byEmail(server, 'member');
    const owner = byEmail(server, 'owner');
    const r = await ok(server, member, 'GET', '/users', {
      user_ids: [owner.user_id, member.user_id],
    });
    // "Limits the results to the specified user IDs."
    const ids = (r.members as { user_id: number }[]).map((u) => u.user_id).sort((a, b) => a - b);
    expect(ids).toEqual([owner.user_id, member.user_id].sort((a, b) => a - b));
    const all = await ok(server, member, 'GET', '/users');
    expect((all.members as unknown[]).length).toBeGreaterThan(2);
  });
});

describe('POST /invites/multiuse', () => {
  it('follows create_multiuse_invite_group, administrators by default', async () => {
    const member = byEmail(server, 'member');
    // "added support for non-admin users with permission to use this endpoint" (FL 209):
    // the permission is create_multiuse_invite_group, whose default is administrators.
    const refused = await call(server, member, 'POST', '/invites/multiuse', {});
    expect(refused.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    await ok(server, byEmail(server, 'owner'), 'POST', '/invites/multiuse', {});
    server.state.realm.create_multiuse_invite_group = server.state.systemGroup('role:members')!.id;
    await ok(server, member, 'POST', '/invites/multiuse', {});
    // Email invitations keep their own permission (can_invite_users_group: members).
    server.state.realm.can_invite_users_group = server.state.systemGroup('role:nobody')!.id;
    await ok(server, member, 'POST', '/invites/multiuse', {});
  });
});

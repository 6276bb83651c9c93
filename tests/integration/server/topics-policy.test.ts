/**
 * The organization's empty-topic rule over real HTTP. Upstream's register-queue
 * documentation: realm_topics_policy is 'The organization's default policy for sending
 * channel messages to the empty "general chat" topic. - "allow_empty_topic": Channel
 * messages can be sent to the empty topic. - "disable_empty_topic": Channel messages cannot
 * be sent to the empty topic. Changes: New in Zulip 11.0 (feature level 392). Previously,
 * this was controlled by the boolean realm_mandatory_topics setting, which is now
 * deprecated.'
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const realmKeys = async () =>
  ok(server, byRole(server, 400), 'POST', '/register', { fetch_event_types: ['realm'] });

const sendTo = (topic: string) =>
  call(server, byRole(server, 400), 'POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic,
    content: 'hello',
  });

describe('realm_topics_policy', () => {
  it('is one of upstream’s values, and an administrator’s change reaches everyone', async () => {
    server = await startServer({ rateLimit: false });
    const before = await realmKeys();
    expect(before.realm_topics_policy).toBe('allow_empty_topic');
    expect(before.realm_mandatory_topics).toBe(false);
    expect((await sendTo('')).body.result).toBe('success');

    const watcher = await watch(server, byRole(server, 600), ['realm']);
    await ok(server, byRole(server, 200), 'PATCH', '/realm', {
      topics_policy: 'disable_empty_topic',
    });
    expect(await watcher.events()).toContainEqual(
      expect.objectContaining({
        type: 'realm',
        op: 'update_dict',
        data: { topics_policy: 'disable_empty_topic' },
      }),
    );
    const after = await realmKeys();
    expect(after.realm_topics_policy).toBe('disable_empty_topic');
    expect(after.realm_mandatory_topics).toBe(true);

    const refused = await sendTo('');
    expect(refused.body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Sending messages to the general chat topic is not allowed in this channel.',
    });
    expect((await sendTo('lunch')).body.result).toBe('success');
  });

  it('refuses a value outside the vocabulary and a member', async () => {
    server = await startServer({ rateLimit: false });
    const odd = await call(server, byRole(server, 200), 'PATCH', '/realm', {
      topics_policy: 'inherit',
    });
    expect(odd.body.result).toBe('error');
    const member = await call(server, byRole(server, 400), 'PATCH', '/realm', {
      topics_policy: 'disable_empty_topic',
    });
    expect(member.body.result).toBe('error');
    expect((await realmKeys()).realm_topics_policy).toBe('allow_empty_topic');
  });

  it('before feature level 392: only realm_mandatory_topics, set by mandatory_topics', async () => {
    server = await startServer({ rateLimit: false, featureLevel: 391 });
    expect((await realmKeys()).realm_topics_policy).toBeUndefined();
    await ok(server, byRole(server, 200), 'PATCH', '/realm', { mandatory_topics: true });
    expect((await realmKeys()).realm_mandatory_topics).toBe(true);
    expect((await sendTo('(no topic)')).body).toMatchObject({
      result: 'error',
      msg: 'Topics are required in this organization',
    });
  });
});

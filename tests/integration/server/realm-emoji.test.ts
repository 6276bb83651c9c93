import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { byEmail, call, ok, pending, send } from './messaging-client.ts';

let server: StartedServer;
afterEach(async () => {
  await server.close();
});

interface Listed {
  id: string;
  name: string;
  source_url: string;
  deactivated: boolean;
  author_id: number | null;
}

async function setup() {
  server = await startServer({ rateLimit: false });
  return { admin: byEmail(server, 'admin'), member: byEmail(server, 'member') };
}

async function listed(user = byEmail(server, 'member')): Promise<Listed[]> {
  const r = await ok(server, user, 'GET', '/realm/emoji');
  return Object.values(r.emoji as Record<string, Listed>);
}

describe('custom emoji (GET and DELETE /realm/emoji)', () => {
  it('lists the organization’s emoji with images served at their source_url', async () => {
    const { member } = await setup();
    const parrot = (await listed()).find((e) => e.name === 'party_parrot')!;
    expect(parrot).toMatchObject({ deactivated: false, author_id: member.user_id });
    expect(parrot.source_url).toMatch(/^\/user_avatars\/2\/emoji\/images\/\d+\.svg$/);
    const image = await fetch(server.url + parrot.source_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await image.text()).toContain('<svg');
    expect((await fetch(`${server.url}/user_avatars/2/emoji/images/999.svg`)).status).toBe(404);
  });

  it('serves the service’s own :zulip: emoji as a PNG where upstream’s HTML points', async () => {
    await setup();
    const image = await fetch(
      `${server.url}/static/generated/emoji/images/emoji/unicode/zulip.png`,
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    // The PNG signature: a picture, not an error page.
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('reacts with :zulip: by name as the service’s extra emoji, as upstream', async () => {
    const { admin, member } = await setup();
    const id = await send(server, admin, 'general', 'react to me', 't');
    await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name: 'zulip' });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    expect((r.messages as { reactions: unknown[] }[])[0]?.reactions).toEqual([
      {
        emoji_name: 'zulip',
        emoji_code: 'zulip',
        reaction_type: 'service_extra_emoji',
        user_id: member.user_id,
      },
    ]);
  });

  it('gives the same list in the register response', async () => {
    const { member } = await setup();
    const r = await ok(server, member, 'POST', '/register', {
      fetch_event_types: ['realm_emoji'],
    });
    expect(Object.values(r.realm_emoji as Record<string, Listed>)).toEqual(await listed());
  });

  it('reacts with a custom emoji by name, and by id with its type', async () => {
    const { admin, member } = await setup();
    const id = await send(server, admin, 'general', 'react to me', 't');
    const parrot = (await listed()).find((e) => e.name === 'party_parrot')!;
    await ok(server, member, 'POST', `/messages/${id}/reactions`, { emoji_name: 'party_parrot' });
    await ok(server, admin, 'POST', `/messages/${id}/reactions`, {
      emoji_name: 'party_parrot',
      emoji_code: parrot.id,
      reaction_type: 'realm_emoji',
    });
    const r = await ok(server, member, 'GET', '/messages', { message_ids: [id] });
    const reactions = (r.messages as { reactions: Record<string, unknown>[] }[])[0]?.reactions;
    expect(reactions).toEqual([
      {
        emoji_name: 'party_parrot',
        emoji_code: parrot.id,
        reaction_type: 'realm_emoji',
        user_id: member.user_id,
      },
      {
        emoji_name: 'party_parrot',
        emoji_code: parrot.id,
        reaction_type: 'realm_emoji',
        user_id: admin.user_id,
      },
    ]);
    const wrongName = await call(server, member, 'POST', `/messages/${id}/reactions`, {
      emoji_name: 'perch_logo',
      emoji_code: parrot.id,
      reaction_type: 'realm_emoji',
    });
    expect(wrongName.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid emoji name.' });
  });

  it('deactivates for the author or an administrator only, and tells everyone', async () => {
    const { admin, member } = await setup();
    const other = byEmail(server, 'member2');
    const msg = await send(server, admin, 'general', 'react to me', 't');
    await ok(server, member, 'POST', `/messages/${msg}/reactions`, { emoji_name: 'perch_logo' });
    const q = await ok(server, admin, 'POST', '/register', { event_types: ['realm_emoji'] });

    const refused = await call(server, other, 'DELETE', '/realm/emoji/party_parrot');
    expect(refused.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    await ok(server, member, 'DELETE', '/realm/emoji/party_parrot');
    await ok(server, admin, 'DELETE', '/realm/emoji/perch_logo');
    const gone = await call(server, admin, 'DELETE', '/realm/emoji/perch_logo');
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe("Emoji 'perch_logo' does not exist");

    const events = await pending(server, admin, q.queue_id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ type: 'realm_emoji', op: 'update' });
    const last = Object.values((events[1] as { realm_emoji: Record<string, Listed> }).realm_emoji);
    expect(last.every((e) => e.deactivated)).toBe(true);
    expect((await listed()).map((e) => e.deactivated)).toEqual([true, true]);

    // A deactivated emoji can no longer be added, but an old reaction can still be removed.
    const add = await call(server, admin, 'POST', `/messages/${msg}/reactions`, {
      emoji_name: 'perch_logo',
      reaction_type: 'realm_emoji',
    });
    expect(add.body.code).toBe('BAD_REQUEST');
    const logo = (await listed()).find((e) => e.name === 'perch_logo')!;
    await ok(server, member, 'DELETE', `/messages/${msg}/reactions`, {
      emoji_code: logo.id,
      reaction_type: 'realm_emoji',
    });
  });
});

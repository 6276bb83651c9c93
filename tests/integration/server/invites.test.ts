import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../../../src/server/index.ts';
import { call, ok } from './messaging-client.ts';
import { byRole, watch } from './admin-client.ts';

let server: StartedServer;
afterEach(() => server.close());

const invitations = () => [...server.state.invitations.values()];

describe('POST /invites (spec 4.7)', () => {
  it('invites addresses separated by commas or newlines with the default lifetime of 14400 minutes', async () => {
    server = await startServer({ rateLimit: false });
    const general = server.state.channelByName('general')?.stream_id;
    await ok(server, byRole(server, 400), 'POST', '/invites', {
      invitee_emails: 'a@example.com, b@example.com\nc@example.com',
      stream_ids: [general],
    });
    expect(invitations().map((i) => [i.email, i.invite_as, i.stream_ids])).toEqual([
      ['a@example.com', 400, [general]],
      ['b@example.com', 400, [general]],
      ['c@example.com', 400, [general]],
    ]);
    const now = Math.floor(Date.now() / 1000);
    expect(invitations()[0]?.expiry).toBeGreaterThanOrEqual(now + 14400 * 60 - 5);
  });

  it('accepts a null lifetime (never expires) and minutes since FL 126, days before', async () => {
    server = await startServer({ rateLimit: false });
    await ok(server, byRole(server, 400), 'POST', '/invites', {
      invitee_emails: 'n@example.com',
      stream_ids: [],
      invite_expires_in_minutes: null,
    });
    expect(invitations()[0]?.expiry).toBeNull();
    await server.close();
    server = await startServer({ rateLimit: false, featureLevel: 125 });
    await ok(server, byRole(server, 400), 'POST', '/invites', {
      invitee_emails: 'd@example.com',
      stream_ids: [],
      invite_expires_in_days: 2,
    });
    const expiry = invitations()[0]?.expiry ?? 0;
    expect(expiry - Math.floor(Date.now() / 1000)).toBeGreaterThan(2 * 86400 - 10);
  });

  it('fails with INVITATION_FAILED for existing accounts but still invites the others', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const r = await call(server, member, 'POST', '/invites', {
      invitee_emails: `${byRole(server, 600).email},fresh@example.com\nFay <former@perch.test>`,
      stream_ids: [],
    });
    expect(r.status).toBe(400);
    // The boolean is upstream's "the account exists but is deactivated".
    expect(r.body).toMatchObject({
      code: 'INVITATION_FAILED',
      errors: [
        [byRole(server, 600).email, 'Already has an account.', false],
        ['former@perch.test', 'Account has been deactivated.', true],
      ],
      sent_invitations: true,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    expect(invitations().map((i) => i.email)).toEqual(['fresh@example.com']);
  });

  it('sends nothing when an address is invalid, when all have accounts, or over the daily limit', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    const send = (emails: string) =>
      call(server, member, 'POST', '/invites', { invitee_emails: emails, stream_ids: [] });
    expect((await send(`oops, ok@example.com, ${member.email}`)).body).toMatchObject({
      code: 'INVITATION_FAILED',
      errors: [
        ['oops', 'Invalid address.', false],
        [member.email, 'Already has an account.', false],
      ],
      sent_invitations: false,
    });
    expect((await send(member.email)).body).toMatchObject({
      code: 'INVITATION_FAILED',
      sent_invitations: false,
    });
    server.state.realm.max_invites = 2;
    expect((await send('a@example.com, b@example.com, c@example.com')).body).toMatchObject({
      code: 'INVITATION_FAILED',
      errors: [],
      sent_invitations: false,
      daily_limit_reached: true,
    });
    expect(invitations()).toEqual([]);
  });

  it('sends nothing over the plan’s license limit and says license_limit_reached; guests fit five to a seat', async () => {
    server = await startServer({ rateLimit: false });
    const admin = byRole(server, 200);
    const watcher = await watch(server, byRole(server, 100));
    const humans = server.state.activeUsers().filter((u) => !u.is_bot);
    const guests = humans.filter((u) => u.role >= 600).length;
    const seatsUsed = humans.length - guests;
    server.state.realm.license_limit = seatsUsed + 1;
    const send = (emails: string, inviteAs = 400) =>
      call(server, admin, 'POST', '/invites', {
        invitee_emails: emails,
        stream_ids: [],
        invite_as: inviteAs,
      });

    const over = await send('a@example.com, b@example.com');
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: 'Your organization does not have enough unused licenses to invite 2 users.',
      errors: [],
      sent_invitations: false,
      daily_limit_reached: false,
      license_limit_reached: true,
    });
    expect(invitations()).toEqual([]);
    expect((await watcher.events()).filter((e) => e.type === 'invites_changed')).toEqual([]);

    // Guests need no seat of their own while there are five per non-guest.
    expect((await send('g1@example.com, g2@example.com', 600)).body.result).toBe('success');
    expect((await send('one@example.com')).body.result).toBe('success');
    expect(invitations().map((i) => i.email)).toEqual([
      'g1@example.com',
      'g2@example.com',
      'one@example.com',
    ]);
    delete server.state.realm.license_limit;
    expect((await send('a@example.com, b@example.com')).body.result).toBe('success');
  });

  it('rejects no address, an unknown channel (sending nothing), and a role above the caller’s', async () => {
    server = await startServer({ rateLimit: false });
    const member = byRole(server, 400);
    expect(
      (await call(server, member, 'POST', '/invites', { invitee_emails: ' , ', stream_ids: [] }))
        .body.code,
    ).toBe('BAD_REQUEST');
    const unknown = await call(server, member, 'POST', '/invites', {
      invitee_emails: 'u@example.com',
      stream_ids: [9999],
    });
    expect(unknown.body.code).toBe('BAD_REQUEST');
    const secret = server.state.channelByName('leadership')?.stream_id;
    const inaccessible = await call(server, member, 'POST', '/invites', {
      invitee_emails: 'u@example.com',
      stream_ids: [secret],
    });
    expect(inaccessible.body.code).toBe('BAD_REQUEST');
    expect(invitations()).toEqual([]);
    const above = await call(server, member, 'POST', '/invites', {
      invitee_emails: 'u@example.com',
      stream_ids: [],
      invite_as: 200,
    });
    expect(above.body.code).toBe('BAD_REQUEST');
    expect(
      (
        await call(server, member, 'POST', '/invites', {
          invitee_emails: 'u@example.com',
          stream_ids: [],
          invite_as: 250,
        })
      ).body.msg,
    ).toContain('invite_as');
    expect(
      (await call(server, member, 'POST', '/invites', { invitee_emails: 'u@example.com' })).body
        .var_name,
    ).toBe('stream_ids');
  });

  it('refuses callers without permission, and channels when the caller cannot subscribe others', async () => {
    server = await startServer({ rateLimit: false });
    expect(
      (
        await call(server, byRole(server, 600), 'POST', '/invites', {
          invitee_emails: 'g@example.com',
          stream_ids: [],
        })
      ).body.code,
    ).toBe('BAD_REQUEST');
    const admins = [...server.state.userGroups.values()].find(
      (g) => g.name === 'role:administrators',
    );
    server.state.realm.can_add_subscribers_group = admins?.id ?? 0;
    const general = server.state.channelByName('general')?.stream_id;
    const member = byRole(server, 400);
    const withChannels = await call(server, member, 'POST', '/invites', {
      invitee_emails: 'g@example.com',
      stream_ids: [general],
    });
    expect(withChannels.body.code).toBe('BAD_REQUEST');
    await ok(server, member, 'POST', '/invites', {
      invitee_emails: 'g@example.com',
      stream_ids: [],
      include_realm_default_subscriptions: true,
    });
  });

  it('keeps welcome_message_custom_text for administrators only and limits it to 8000 code points', async () => {
    server = await startServer({ rateLimit: false });
    await ok(server, byRole(server, 200), 'POST', '/invites', {
      invitee_emails: 'w1@example.com',
      stream_ids: [],
      welcome_message_custom_text: 'Welcome!',
    });
    await ok(server, byRole(server, 400), 'POST', '/invites', {
      invitee_emails: 'w2@example.com',
      stream_ids: [],
      welcome_message_custom_text: 'Hi',
    });
    expect(invitations().map((i) => i.welcome_message_custom_text)).toEqual(['Welcome!', null]);
    const long = await call(server, byRole(server, 200), 'POST', '/invites', {
      invitee_emails: 'w3@example.com',
      stream_ids: [],
      welcome_message_custom_text: '\u{1F600}'.repeat(8001),
    });
    expect(long.body.msg).toContain('welcome_message_custom_text');
    await ok(server, byRole(server, 200), 'POST', '/invites', {
      invitee_emails: 'w4@example.com',
      stream_ids: [],
      welcome_message_custom_text: '\u{1F600}'.repeat(8000),
    });
  });
});

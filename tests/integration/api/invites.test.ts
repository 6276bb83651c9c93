import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  InvitationFailedError,
  UnsupportedByServerError,
} from '../../../src/api/errors.ts';
import {
  createInviteLink,
  getInvites,
  resendInvite,
  revokeInvite,
  revokeInviteLink,
  sendInvites,
} from '../../../src/api/routes/invites.ts';
import { getSubscriptions } from '../../../src/api/routes/subscriptions.ts';
import { ROLE, failure, humanWithRole, useServer } from './harness.ts';

describe('POST /invites', () => {
  const h = useServer();

  async function generalId(): Promise<number> {
    const subs = (await getSubscriptions(h.as(ROLE.admin))).data.subscriptions;
    return subs.find((s) => s.name === 'general')?.stream_id ?? 0;
  }

  it('invites new addresses with a lifetime in minutes', async () => {
    const before = h.server.state.invitations.size;
    await sendInvites(h.as(ROLE.admin), {
      invitee_emails: 'new1@elsewhere.test\nnew2@elsewhere.test',
      invite_expires_in_minutes: 60,
      stream_ids: [await generalId()],
    });
    expect(h.server.state.invitations.size).toBe(before + 2);
  });

  it('gives INVITATION_FAILED listing the addresses that already have accounts, and still invites the rest', async () => {
    const existing = humanWithRole(h.server, ROLE.member).email;
    const error = await failure(
      sendInvites(h.as(ROLE.admin), {
        invitee_emails: `${existing}, fresh@elsewhere.test`,
        stream_ids: [],
      }),
    );
    expect(error).toBeInstanceOf(InvitationFailedError);
    const failed = error as InvitationFailedError;
    expect(failed.errors.map((e) => e.email)).toEqual([existing]);
    expect(failed.sentInvitations).toBe(true);
    expect(failed.dailyLimitReached).toBe(false);
  });

  it('gives BAD_REQUEST when no address is given', async () => {
    expect(
      await failure(sendInvites(h.as(ROLE.admin), { invitee_emails: '', stream_ids: [] })),
    ).toBeInstanceOf(BadRequestError);
  });

  it('gives BAD_REQUEST and sends nothing for an unknown channel id', async () => {
    const before = h.server.state.invitations.size;
    const error = await failure(
      sendInvites(h.as(ROLE.admin), {
        invitee_emails: 'nobody@elsewhere.test',
        stream_ids: [987_654],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(h.server.state.invitations.size).toBe(before);
  });

  it('gives BAD_REQUEST for channels when the caller may invite but not subscribe others', async () => {
    const realm = h.server.state.realm;
    const admins = [...h.server.state.userGroups.values()].find(
      (g) => g.name === 'role:administrators',
    );
    const before = realm.can_add_subscribers_group;
    realm.can_add_subscribers_group = admins?.id ?? before;
    try {
      const member = h.as(ROLE.member);
      const withChannel = sendInvites(member, {
        invitee_emails: 'c1@elsewhere.test',
        stream_ids: [await generalId()],
      });
      expect(await failure(withChannel)).toBeInstanceOf(BadRequestError);
      await sendInvites(member, { invitee_emails: 'c2@elsewhere.test', stream_ids: [] });
    } finally {
      realm.can_add_subscribers_group = before;
    }
  });

  it('gives BAD_REQUEST for inviting to a role above the caller’s own', async () => {
    const error = await failure(
      sendInvites(h.as(ROLE.member), {
        invitee_emails: 'boss@elsewhere.test',
        invite_as: 100,
        stream_ids: [],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });
});

describe('GET /invites, revoke and resend', () => {
  const h = useServer();

  it('lists what was sent, resends it, revokes it, and passes a refusal on', async () => {
    const admin = h.as(ROLE.admin);
    await sendInvites(h.as(ROLE.member), {
      invitee_emails: 'listed@elsewhere.test',
      stream_ids: [],
    });
    const [invite] = (await getInvites(admin)).data.invites.filter(
      (i) => i.email === 'listed@elsewhere.test',
    );
    expect(invite).toMatchObject({
      invited_by_user_id: humanWithRole(h.server, ROLE.member).user_id,
      invited_as: ROLE.member,
      is_multiuse: false,
    });
    await resendInvite(admin, invite!.id);
    const refused = await failure(
      revokeInvite(h.asUser(humanWithRole(h.server, ROLE.member, 1)), invite!.id),
    );
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    await revokeInvite(admin, invite!.id);
    expect((await getInvites(admin)).data.invites.map((i) => i.email)).not.toContain(
      'listed@elsewhere.test',
    );
    const gone = await failure(revokeInviteLink(admin, 999));
    expect(gone).toBeInstanceOf(BadRequestError);
  });
});

describe('POST /invites/multiuse', () => {
  const h = useServer();

  it('creates a link the list then shows, with its role and lifetime', async () => {
    const admin = h.as(ROLE.admin);
    const { invite_link } = (
      await createInviteLink(admin, {
        invite_as: ROLE.moderator,
        invite_expires_in_minutes: null,
        stream_ids: [],
        group_ids: [],
      })
    ).data;
    expect(invite_link).toMatch(/\/join\/\w+\/$/);
    const listed = (await getInvites(admin)).data.invites.find((i) => i.link_url === invite_link);
    expect(listed).toMatchObject({
      is_multiuse: true,
      invited_as: ROLE.moderator,
      expiry_date: null,
    });
    const refused = await failure(
      createInviteLink(h.as(ROLE.admin), { invite_as: ROLE.owner, stream_ids: [] }),
    );
    expect(refused).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
  });
});

describe('POST /invites/multiuse on an older server', () => {
  const h = useServer({ featureLevel: 300 });

  it('refuses groups before FL 322 without sending anything', async () => {
    const before = h.server.state.multiuseInvites.size;
    const error = await failure(
      createInviteLink(h.as(ROLE.admin), { stream_ids: [], group_ids: [1] }),
    );
    expect(error).toBeInstanceOf(UnsupportedByServerError);
    expect(h.server.state.multiuseInvites.size).toBe(before);
    await createInviteLink(h.as(ROLE.admin), { stream_ids: [], group_ids: [] });
    expect(h.server.state.multiuseInvites.size).toBe(before + 1);
  });
});

/**
 * The Invitations panel without a DOM: what sending a batch shows (the per-address results,
 * the server's refusal, the addresses kept for another try), and what revoking or resending
 * an entry of the pending list shows.
 */
import { describe, expect, test } from 'vitest';
import type { InviteRowWire } from '../../../../../src/contract/schemas/admin-invites.ts';
import {
  InvitationsModel,
  InviteListModel,
} from '../../../../../src/renderer/views/admin/invites/invitations-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

const REQUEST = {
  inviteAs: 400 as const,
  streamIds: [3],
  groupIds: [],
  includeRealmDefaultSubscriptions: false,
  notifyReferrerOnJoin: true,
};

function row(id: number, email: string): InviteRowWire {
  return {
    id,
    isLink: false,
    email,
    linkUrl: '',
    invitedAs: 400,
    invitedById: 9,
    invitedByName: 'Me',
    invitedAt: 0,
    expiresAt: null,
  } as InviteRowWire;
}

describe('sending invitations', () => {
  test('a batch the server takes reads as sent, and the pending list is due a reload', async () => {
    const core = new RecordingAdminCore().answer('adminOrg.invite', {
      ignoredParameters: ['notify_referrer_on_join'],
    });
    const model = new InvitationsModel(core.console());

    const outcome = await model.send(REQUEST, ['a@x.org', 'b@x.org'], ['oops']);

    expect(outcome).toEqual({ kind: 'sent' });
    expect(model.results?.summary).toBe('Sent to 2 addresses; not sent to 1:');
    expect(model.results?.rows.map((r) => r.outcome)).toEqual([
      'Sent.',
      'Sent.',
      'Not sent: not an email address.',
    ]);
    expect(model.ignored).toEqual(['notify_referrer_on_join']);
    expect(model.listVersion).toBe(1);
    expect(model.busy).toBe(false);
    expect(core.callsTo('adminOrg.invite')).toEqual([
      { accountId: ACCOUNT, inviteeEmails: 'a@x.org\nb@x.org', ...REQUEST },
    ]);
  });

  test('a partial refusal says why per address and keeps those worth another try', async () => {
    const core = new RecordingAdminCore().answer(
      'adminOrg.invite',
      refusal('Some of those addresses are already using Zulip.', 'INVITATION_FAILED', {
        errors: [
          ['taken@x.org', 'Already has an account.', false],
          ['typo@x', 'Invalid address.', false],
        ],
        sent_invitations: true,
      }),
    );
    const model = new InvitationsModel(core.console());

    const outcome = await model.send(REQUEST, ['a@x.org', 'taken@x.org', 'typo@x'], []);

    expect(outcome).toEqual({ kind: 'partly', retry: ['typo@x'] });
    expect(model.results?.summary).toBe('Sent to 1 address; not sent to 2:');
    expect(model.resultDetails).toBe(
      'INVITATION_FAILED · Some of those addresses are already using Zulip.',
    );
    expect(model.error).toBeUndefined();
    expect(model.listVersion).toBe(1);
  });

  test('any other refusal shows as the error, with no results and nothing to reload', async () => {
    const denied = refusal('Insufficient permission');
    const core = new RecordingAdminCore().answer('adminOrg.invite', denied);
    const model = new InvitationsModel(core.console());

    expect(await model.send(REQUEST, ['a@x.org'], [])).toBeUndefined();
    expect(model.error).toBe(denied);
    expect(model.results).toBeUndefined();
    expect(model.listVersion).toBe(0);
  });

  test('a new reusable link is shown and brings the pending list up to date', async () => {
    const core = new RecordingAdminCore().answer('adminInvites.createLink', {
      linkUrl: 'https://chat.example.com/join/abc/',
    } as never);
    const model = new InvitationsModel(core.console());

    const url = await model.createLink({
      inviteAs: 400,
      streamIds: [],
      groupIds: [],
      includeRealmDefaultSubscriptions: false,
    });
    expect(url).toBe('https://chat.example.com/join/abc/');
    expect(model.listVersion).toBe(1);
  });
});

describe('the pending list', () => {
  test('revoking (after the confirmation) says so above the list, which no longer has it', async () => {
    let invites = [row(1, 'a@x.org'), row(2, 'b@x.org')];
    const core = new RecordingAdminCore()
      .answer('adminInvites.list', () => ({ invites, featureLevel: 400 }))
      .answer('adminInvites.revoke', (args) => {
        invites = invites.filter((i) => i.id !== args.inviteId);
        return {};
      });
    const list = new InviteListModel(core.console());
    await list.load();
    expect(list.invites?.map((i) => i.email)).toEqual(['a@x.org', 'b@x.org']);

    await list.act(list.invites![0]!, 'revoke');

    expect(list.acted).toEqual({ key: 'list', done: 'Revoked the invitation to a@x.org.' });
    expect(list.invites?.map((i) => i.email)).toEqual(['b@x.org']);
    expect(list.busyKey).toBeUndefined();
    expect(core.callsTo('adminInvites.revoke')).toEqual([
      { accountId: ACCOUNT, inviteId: 1, isLink: false },
    ]);
  });

  test('resending says so on the entry', async () => {
    const core = new RecordingAdminCore()
      .answer('adminInvites.list', { invites: [row(1, 'a@x.org')], featureLevel: 400 })
      .answer('adminInvites.resend', {});
    const list = new InviteListModel(core.console());
    await list.load();

    await list.act(list.invites![0]!, 'resend');
    expect(list.acted).toEqual({ key: 'email:1', done: 'Sent the invitation to a@x.org again.' });
  });

  test('a refusal shows on the entry, or above the list once the entry is gone', async () => {
    let invites = [row(1, 'a@x.org'), row(2, 'b@x.org')];
    const denied = refusal('Invitation not found');
    const core = new RecordingAdminCore()
      .answer('adminInvites.list', () => ({ invites, featureLevel: 400 }))
      .answer('adminInvites.resend', denied)
      .answer('adminInvites.revoke', () => {
        // Someone else revoked it meanwhile.
        invites = invites.filter((i) => i.id !== 2);
        return denied;
      });
    const list = new InviteListModel(core.console());
    await list.load();

    await list.act(list.invites![0]!, 'resend');
    expect(list.acted).toEqual({ key: 'email:1', error: denied });

    await list.act(list.invites![1]!, 'revoke');
    expect(list.acted).toEqual({ key: 'list', error: denied });
    expect(list.invites?.map((i) => i.email)).toEqual(['a@x.org']);
  });

  test('a list the server refuses keeps the refusal to show', async () => {
    const denied = refusal('Must be an organization administrator');
    const core = new RecordingAdminCore().answer('adminInvites.list', denied);
    const list = new InviteListModel(core.console());
    await list.load();
    expect(list.loadError).toBe(denied);
    expect(list.invites).toBeUndefined();
    expect(list.loading).toBe(false);
  });
});

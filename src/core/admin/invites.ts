/**
 * The invitation list: pending invitations and reusable links with the inviter's name, and
 * revoking or resending one. The server judges every permission.
 */
import type { z } from 'zod';
import type { ApiClient } from '../../api/client.ts';
import {
  type CreateInviteLinkParams,
  createInviteLink,
  getInvites,
  resendInvite,
  revokeInvite,
  revokeInviteLink,
} from '../../api/routes/invites.ts';
import { getUser } from '../../api/routes/users.ts';
import type { Invite } from '../../api/schemas/invite.ts';
import type { Args, Result } from '../../contract/contract.ts';
import type { InviteLinkArgs, InviteRowWire } from '../../contract/schemas/admin-invites.ts';
import type { AccountManager } from '../accounts/manager.ts';

/** Names of the few people who invited anyone; one lookup each, a failed one says so. */
async function inviterNames(client: ApiClient, ids: number[]): Promise<Map<number, string>> {
  const names = await Promise.all(
    ids.map(async (id) => {
      try {
        return [id, (await getUser(client, id)).data.user.full_name] as const;
      } catch {
        return [id, 'someone no longer known to the server'] as const;
      }
    }),
  );
  return new Map(names);
}

/** What email invitations and reusable links share: what someone who joins gets. */
export function joinerParams(a: z.infer<typeof InviteLinkArgs>): CreateInviteLinkParams {
  return {
    ...(a.expiresInMinutes !== undefined ? { invite_expires_in_minutes: a.expiresInMinutes } : {}),
    invite_as: a.inviteAs,
    stream_ids: a.streamIds,
    group_ids: a.groupIds,
    include_realm_default_subscriptions: a.includeRealmDefaultSubscriptions,
  };
}

function row(i: Invite, names: Map<number, string>): InviteRowWire {
  const byId = i.invited_by_user_id ?? null;
  return {
    id: i.id,
    isLink: i.is_multiuse,
    email: i.email ?? '',
    linkUrl: i.link_url ?? '',
    invitedAs: i.invited_as,
    invitedById: byId,
    invitedByName: (byId === null ? i.ref : names.get(byId)) ?? 'someone',
    invitedAt: i.invited * 1000,
    expiresAt: i.expiry_date == null ? null : i.expiry_date * 1000,
  };
}

export class AdminInvites {
  constructor(private readonly accounts: Pick<AccountManager, 'clientFor'>) {}

  async #client(accountId: string) {
    return (await this.accounts.clientFor(accountId)).client;
  }

  async list(accountId: string): Promise<Result<'adminInvites.list'>> {
    const client = await this.#client(accountId);
    const { invites } = (await getInvites(client)).data;
    const ids = [
      ...new Set(invites.flatMap((i) => (i.invited_by_user_id ? [i.invited_by_user_id] : []))),
    ];
    const names = await inviterNames(client, ids);
    return {
      invites: invites.map((i) => row(i, names)),
      featureLevel: await client.featureLevel(),
    };
  }

  async revoke({ accountId, inviteId, isLink }: Args<'adminInvites.revoke'>): Promise<void> {
    const client = await this.#client(accountId);
    await (isLink ? revokeInviteLink(client, inviteId) : revokeInvite(client, inviteId));
  }

  async resend(accountId: string, inviteId: number): Promise<void> {
    await resendInvite(await this.#client(accountId), inviteId);
  }

  async createLink(a: Args<'adminInvites.createLink'>): Promise<Result<'adminInvites.createLink'>> {
    const { data } = await createInviteLink(await this.#client(a.accountId), joinerParams(a));
    return { linkUrl: data.invite_link };
  }
}

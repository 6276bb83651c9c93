/**
 * The invitation list: pending invitations and reusable links with the
 * inviter's name, and revoking or resending one. The server judges every permission.
 */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';
import type { ApiClient } from '../../../api/client.ts';
import type { Invite } from '../../../api/schemas/invite.ts';
import type { z } from 'zod';
import type { InviteLinkArgs, InviteRowWire } from '../../../contract/schemas/admin-invites.ts';
import {
  type CreateInviteLinkParams,
  createInviteLink,
  getInvites,
  resendInvite,
  revokeInvite,
  revokeInviteLink,
} from '../../../api/routes/invites.ts';
import { getUser } from '../../../api/routes/users.ts';

type AdminInvitesChannel =
  'adminInvites.list' | 'adminInvites.revoke' | 'adminInvites.resend' | 'adminInvites.createLink';

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

export function adminInvitesHandlers(ctx: CoreContext): Pick<HandlerTable, AdminInvitesChannel> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;
  return {
    'adminInvites.list': async ({ accountId }) => {
      const client = await clientOf(accountId);
      const { invites } = (await getInvites(client)).data;
      const ids = [
        ...new Set(invites.flatMap((i) => (i.invited_by_user_id ? [i.invited_by_user_id] : []))),
      ];
      const names = await inviterNames(client, ids);
      return {
        invites: invites.map((i) => row(i, names)),
        featureLevel: await client.featureLevel(),
      };
    },
    'adminInvites.revoke': async ({ accountId, inviteId, isLink }) => {
      const client = await clientOf(accountId);
      await (isLink ? revokeInviteLink(client, inviteId) : revokeInvite(client, inviteId));
      return {};
    },
    'adminInvites.resend': async ({ accountId, inviteId }) => {
      await resendInvite(await clientOf(accountId), inviteId);
      return {};
    },
    'adminInvites.createLink': async (a) => {
      const { data } = await createInviteLink(await clientOf(a.accountId), joinerParams(a));
      return { linkUrl: data.invite_link };
    },
  };
}

/** The admin console's invitation list (admin/invites.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type AdminInvitesChannel =
  'adminInvites.list' | 'adminInvites.revoke' | 'adminInvites.resend' | 'adminInvites.createLink';

export function adminInvitesHandlers(ctx: CoreContext): Pick<HandlerTable, AdminInvitesChannel> {
  const invites = ctx.parts.admin.invites;
  return {
    'adminInvites.list': ({ accountId }) => invites.list(accountId),
    'adminInvites.revoke': async (args) => {
      await invites.revoke(args);
      return {};
    },
    'adminInvites.resend': async ({ accountId, inviteId }) => {
      await invites.resend(accountId, inviteId);
      return {};
    },
    'adminInvites.createLink': (args) => invites.createLink(args),
  };
}

/**
 * The people list and the per-user actions of the admin console: each call goes through
 * the account's own client, and a server refusal reaches the panel as the server said it.
 */
import {
  deactivateBot,
  deactivateUser,
  getOwnUser,
  getUsers,
  reactivateUser,
  updateUserRole,
} from '../../../api/routes/users.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type UsersChannels =
  'adminUsers.list' | 'adminUsers.setRole' | 'adminUsers.deactivate' | 'adminUsers.reactivate';

export function adminUsersHandlers(ctx: CoreContext): Pick<HandlerTable, UsersChannels> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;

  return {
    'adminUsers.list': async ({ accountId }) => {
      const client = await clientOf(accountId);
      const [{ data: all }, { data: me }] = await Promise.all([
        getUsers(client),
        getOwnUser(client),
      ]);
      return {
        me: { userId: me.user_id, role: me.role },
        users: all.members.map((u) => ({
          userId: u.user_id,
          fullName: u.full_name,
          email: u.delivery_email ?? u.email,
          role: u.role,
          isActive: u.is_active,
          isBot: u.is_bot,
          botOwnerId: u.bot_owner_id ?? null,
          dateJoined: u.date_joined,
        })),
      };
    },

    'adminUsers.setRole': async ({ accountId, userId, role }) => {
      await updateUserRole(await clientOf(accountId), userId, role);
      return {};
    },

    'adminUsers.deactivate': async ({ accountId, userId, isBot }) => {
      const client = await clientOf(accountId);
      await (isBot ? deactivateBot(client, userId) : deactivateUser(client, userId));
      return {};
    },

    'adminUsers.reactivate': async ({ accountId, userId }) => {
      await reactivateUser(await clientOf(accountId), userId);
      return {};
    },
  };
}

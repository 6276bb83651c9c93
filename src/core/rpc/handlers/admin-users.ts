/** The admin console's people list and per-user actions (admin/users.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type UsersChannels =
  'adminUsers.list' | 'adminUsers.setRole' | 'adminUsers.deactivate' | 'adminUsers.reactivate';

export function adminUsersHandlers(ctx: CoreContext): Pick<HandlerTable, UsersChannels> {
  const users = ctx.parts.admin.users;
  return {
    'adminUsers.list': ({ accountId }) => users.list(accountId),
    'adminUsers.setRole': async (args) => {
      await users.setRole(args);
      return {};
    },
    'adminUsers.deactivate': async (args) => {
      await users.deactivate(args);
      return {};
    },
    'adminUsers.reactivate': async ({ accountId, userId }) => {
      await users.reactivate(accountId, userId);
      return {};
    },
  };
}

import type { HandlerTable } from './dispatch.ts';
import type { CoreContext } from '../context.ts';
import { adminOrgHandlers } from './handlers/admin-org.ts';
import { adminPeopleHandlers } from './handlers/admin-people.ts';
import { messagesHandlers } from './handlers/messages.ts';

/** The one handler table both transports dispatch into. */
export function createHandlers(ctx: CoreContext): HandlerTable {
  const { accounts } = ctx;
  return {
    'app.info': async () => ctx.info,
    'app.status': async () => ctx.status(),
    'prefs.get': async () => ctx.prefs.get(),
    'prefs.set': async (change) => {
      const next = await ctx.prefs.update(change);
      ctx.bus.publish('prefs.changed', next);
      return next;
    },
    'accounts.list': async () => accounts.list().map((a) => accounts.summary(a)),
    'accounts.probe': async ({ url, allowInsecure }) => accounts.probe(url, allowInsecure),
    'accounts.signInWithKey': async (args) => accounts.summary(await accounts.signInWithKey(args)),
    'accounts.importRcFile': async ({ contents, allowInsecure }) =>
      accounts.summary(await accounts.importRcFile(contents, allowInsecure)),
    'accounts.signInWithToken': async ({ serverUrl, token, allowInsecure }) =>
      accounts.summary(await accounts.signInWithToken(serverUrl, token, allowInsecure)),
    'accounts.signInWithPassword': async ({ serverUrl, username, password, allowInsecure }) =>
      accounts.summary(
        await accounts.signInWithPassword(serverUrl, username, password, allowInsecure),
      ),
    'accounts.signOut': async ({ accountId }) => ({ removed: await accounts.signOut(accountId) }),
    'accounts.startDemo': async () => accounts.summary(await ctx.startDemo()),
    'sync.status': async () => ctx.sync.statuses(),
    'sync.decisions': async ({ accountId }) => ctx.sync.decisions(accountId),
    'sync.reconnect': async () => {
      ctx.sync.kickAll();
      return {};
    },
    'notifications.seen': async () => {
      ctx.sync.windowFocused();
      return {};
    },
    'notifications.current': async () => ({
      badge: ctx.sync.badge(),
      open: ctx.openNotifications(),
    }),
    'dnd.get': async () => ctx.sync.dnd.state(),
    // The Core publishes dnd.changed and saves the choice for every change, expiry included.
    'dnd.set': async ({ choice }) => ctx.sync.setDnd(choice),
    ...adminOrgHandlers(ctx),
    ...adminPeopleHandlers(ctx),
    ...messagesHandlers(ctx),
  };
}

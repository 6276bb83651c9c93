import type { HandlerTable } from './dispatch.ts';
import type { CoreContext } from '../context.ts';
import { adminOrgHandlers } from './handlers/admin-org.ts';
import { adminChannelsHandlers } from './handlers/admin-channels.ts';
import { adminPeopleHandlers } from './handlers/admin-people.ts';
import { adminHealthHandlers } from './handlers/admin-health.ts';
import { adminUsersHandlers } from './handlers/admin-users.ts';
import { adminInvitesHandlers } from './handlers/admin-invites.ts';
import { adminEditHandlers } from './handlers/admin-edit.ts';
import { composeHandlers } from './handlers/compose.ts';
import { draftsHandlers } from './handlers/drafts.ts';
import { scheduledHandlers } from './handlers/scheduled.ts';
import { outboxHandlers } from './handlers/outbox.ts';
import { emojiHandlers } from './handlers/emoji.ts';
import { messagesHandlers } from './handlers/messages.ts';
import { messageActionHandlers } from './handlers/message-actions.ts';
import { peopleHandlers } from './handlers/people.ts';
import { networkHandlers } from './handlers/network.ts';
import { inboxHandlers } from './handlers/inbox.ts';
import { channelsHandlers } from './handlers/channels.ts';
import { typingHandlers } from './handlers/typing.ts';
import { presenceHandlers } from './handlers/presence.ts';
import { settingsHandlers } from './handlers/settings.ts';
import { uploadsHandlers } from './handlers/uploads.ts';

/** The one handler table both transports dispatch into. */
export function createHandlers(ctx: CoreContext): HandlerTable {
  const { accounts } = ctx;
  return {
    'app.info': async () => ctx.info,
    'app.status': async () => ctx.status(),
    'app.boot': async () => ({
      info: ctx.info,
      status: ctx.status(),
      prefs: await ctx.prefs.get(),
      accounts: accounts.list().map((a) => accounts.summary(a)),
      place: ctx.window.place,
    }),
    'window.place': async (next) => {
      ctx.window.setPlace(next);
      return {};
    },
    'window.picture': async (picture) => {
      ctx.window.keepPicture(picture);
      return {};
    },
    'prefs.get': async () => ctx.prefs.get(),
    'prefs.set': async (change) => {
      const next = await ctx.prefs.update(change);
      ctx.bus.publish('prefs.changed', next);
      return next;
    },
    'accounts.list': async () => accounts.list().map((a) => accounts.summary(a)),
    'accounts.probe': async ({ url, allowInsecure, trustCertificate }) =>
      accounts.probe(url, allowInsecure, undefined, trustCertificate),
    'accounts.signInWithKey': async (args) => accounts.summary(await accounts.signInWithKey(args)),
    'accounts.importRcFile': async ({ contents, allowInsecure, trustCertificate }) =>
      accounts.summary(await accounts.importRcFile(contents, allowInsecure, trustCertificate)),
    'accounts.signInWithToken': async ({ serverUrl, token, allowInsecure, trustCertificate }) =>
      accounts.summary(
        await accounts.signInWithToken(serverUrl, token, allowInsecure, trustCertificate),
      ),
    'accounts.signInWithPassword': async (args) =>
      accounts.summary(
        await accounts.signInWithPassword(
          args.serverUrl,
          args.username,
          args.password,
          args.allowInsecure,
          args.trustCertificate,
        ),
      ),
    'accounts.signOut': async ({ accountId }) => ({ removed: await accounts.signOut(accountId) }),
    'accounts.startDemo': async () => accounts.summary(await ctx.startDemo()),
    'accounts.trustNewCertificate': async ({ accountId, fingerprint }) =>
      accounts.summary(await accounts.trustNewCertificate(accountId, fingerprint)),
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
    ...adminChannelsHandlers(ctx),
    ...adminInvitesHandlers(ctx),
    ...adminHealthHandlers(ctx),
    ...adminUsersHandlers(ctx),
    ...adminEditHandlers(ctx),
    ...messagesHandlers(ctx),
    ...messageActionHandlers(ctx),
    ...composeHandlers(ctx),
    ...draftsHandlers(ctx),
    ...scheduledHandlers(ctx),
    ...outboxHandlers(ctx),
    ...emojiHandlers(ctx),
    ...typingHandlers(ctx),
    ...presenceHandlers(ctx),
    ...settingsHandlers(ctx),
    ...uploadsHandlers(ctx),
    ...networkHandlers(ctx),
    ...peopleHandlers(ctx),
    ...inboxHandlers(ctx),
    ...channelsHandlers(ctx),
  };
}

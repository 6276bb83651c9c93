/** Registers every endpoint on one router. Each route file exports `register(router)`. */
import { Router } from '../http/router.ts';
import { register as apiKeys } from './api-keys.ts';
import { register as channelCreate } from './channel-create.ts';
import { register as channelFolders } from './channel-folders.ts';
import { register as channels } from './channels.ts';
import { register as compose } from './compose.ts';
import { register as events } from './events.ts';
import { register as flags } from './flags.ts';
import { register as readReceipts } from './read-receipts.ts';
import { register as invites } from './invites.ts';
import { register as linkifiers } from './linkifiers.ts';
import { register as messages } from './messages.ts';
import { register as presence } from './presence.ts';
import { register as profileFields } from './profile-fields.ts';
import { register as push } from './push.ts';
import { register as reactions } from './reactions.ts';
import { register as realmDeactivate } from './realm-deactivate.ts';
import { register as realmEmoji } from './realm-emoji.ts';
import { register as realmMessageEdit } from './realm-message-edit.ts';
import { register as reminders } from './reminders.ts';
import { register as savedSnippets } from './saved-snippets.ts';
import { register as scheduledMessages } from './scheduled-messages.ts';
import { register as drafts } from './drafts.ts';
import { register as serverSettings } from './server-settings.ts';
import { register as settings } from './settings.ts';
import { register as subscriptionProperties } from './subscription-properties.ts';
import { register as submessages } from './submessages.ts';
import { register as subscriptions } from './subscriptions.ts';
import { register as typing } from './typing.ts';
import { register as uploads } from './uploads.ts';
import { register as userAdmin } from './user-admin.ts';
import { register as userGroupAdmin } from './user-group-admin.ts';
import { register as userGroups } from './user-groups.ts';
import { register as users } from './users.ts';
import { register as userStatus } from './user-status.ts';
import { register as userTopics } from './user-topics.ts';
import { register as videoCalls } from './video-calls.ts';

export function buildRouter(): Router {
  const router = new Router();
  const groups = [
    apiKeys,
    channelCreate,
    channelFolders,
    channels,
    compose,
    events,
    flags,
    readReceipts,
    invites,
    linkifiers,
    messages,
    presence,
    profileFields,
    push,
    reactions,
    realmDeactivate,
    realmEmoji,
    realmMessageEdit,
    reminders,
    savedSnippets,
    scheduledMessages,
    drafts,
    serverSettings,
    settings,
    subscriptionProperties,
    submessages,
    subscriptions,
    typing,
    uploads,
    userAdmin,
    userGroupAdmin,
    userGroups,
    users,
    userStatus,
    userTopics,
    videoCalls,
  ];
  for (const register of groups) register(router);
  return router;
}

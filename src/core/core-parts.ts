/**
 * The Core-wide keepers that hold one slice per account: what several accounts share (the
 * message budget, the unified Inbox and Recent) or what the windows follow per account
 * (sidebars, channel directories, typing, people, settings). Each is built once per Core;
 * no keeper subscribes to the event stream: every account's store calls them in its one
 * written order (account-store.ts; docs/architecture.md, the per-account store).
 *
 * Beside them, each area's services: what the RPC handlers call, so that a handler only
 * translates (docs/architecture.md, "How a call flows").
 */
import type { Clock } from '../lib/clock.ts';
import type { AccountManager } from './accounts/manager.ts';
import { createAdminServices, type AdminServices } from './admin/admin.ts';
import { ChannelsService } from './channels/service.ts';
import type { DraftStore } from './compose/drafts.ts';
import { ComposeService } from './compose/compose-service.ts';
import { DraftSync } from './compose/draft-sync.ts';
import { Outboxes } from './compose/outboxes.ts';
import { OfflineWrites } from './messages/offline-writes.ts';
import { ScheduledMessages } from './compose/scheduled.ts';
import { RealmEmoji } from './emoji/realm-emoji.ts';
import { InboxService } from './inbox/service.ts';
import { MessageActions } from './messages/message-actions.ts';
import { MessageService } from './messages/message-service.ts';
import { MessagesKeeper } from './messages/messages-keeper.ts';
import { PendingActions } from './messages/pending-actions.ts';
import { ReadOnArrival } from './messages/read-on-arrival.ts';
import { NetworkService } from './network/network-service.ts';
import type { ProxySettings } from './network/proxy-settings.ts';
import { PeopleWatch } from './people/people-watch.ts';
import { PersonCards } from './people/person-cards.ts';
import { PresenceService } from './presence/presence-service.ts';
import type { PushBus } from './push-bus.ts';
import { OwnSettingsService } from './settings/own-settings-service.ts';
import { SettingsPush } from './settings/settings-push.ts';
import type { SyncManager } from './sync/manager.ts';
import { TypingBoards } from './typing/boards.ts';
import { TypingSenders } from './typing/senders.ts';
import { UploadLimits } from './uploads/limits.ts';
import { PendingUploads } from './uploads/pending.ts';
import { UploadsService } from './uploads/uploads-service.ts';

export interface CoreParts {
  readonly bus: PushBus;
  readonly messages: MessagesKeeper;
  /** What the message channels ask of the server: windows, sends, reads, reactions. */
  readonly messageService: MessageService;
  /** New messages arriving where the reader reads, taken as read (messages.reading). */
  readonly readOnArrival: ReadOnArrival;
  /** View source, edit and move, delete, star, mark unread. */
  readonly messageActions: MessageActions;
  readonly outboxes: Outboxes;
  /** Star, reaction, read mark and widget change whose answer was lost, read back and settled. */
  readonly pendingActions: PendingActions;
  /** Reactions, stars and read marks made offline, kept until the server answers. */
  readonly offlineWrites: OfflineWrites;
  /** Compose's directory of people and channels, topics and preview. */
  readonly compose: ComposeService;
  /** Drafts, copied to the server for users who turned drafts synchronization on. */
  readonly drafts: DraftSync;
  /** Scheduled messages: listed, created, edited, sent now, cancelled. */
  readonly scheduled: ScheduledMessages;
  readonly inbox: InboxService;
  readonly channels: ChannelsService;
  readonly typing: TypingBoards;
  readonly typingSenders: TypingSenders;
  /** Files handed over in chunks: attachments and custom emoji images alike. */
  readonly uploads: PendingUploads;
  readonly uploadLimits: UploadLimits;
  /** Attachments: handed over, checked against the limit, posted with progress. */
  readonly uploadsService: UploadsService;
  /** The organization's custom emoji. */
  readonly realmEmoji: RealmEmoji;
  /** Everyone's presence and statuses; one's own status. */
  readonly presence: PresenceService;
  readonly people: PeopleWatch;
  /** People's cards and the People list. */
  readonly personCards: PersonCards;
  readonly settings: SettingsPush;
  /** The user's own settings, read and changed. */
  readonly ownSettings: OwnSettingsService;
  /** The admin console's calls, one service per group of panels. */
  readonly admin: AdminServices;
  /** The proxy preference and the connection doctor. */
  readonly network: NetworkService;
}

export interface PartsContext {
  clock: Clock;
  bus: PushBus;
  accounts: AccountManager;
  sync: SyncManager;
  drafts: DraftStore;
  proxy: ProxySettings;
}

export function createCoreParts(ctx: PartsContext, options: { keepMessages: boolean }): CoreParts {
  const stateOf = (accountId: string) => ctx.sync.state(accountId);
  const typing = new TypingBoards(ctx.clock, ctx.bus, stateOf);
  const people = new PeopleWatch(ctx.clock, stateOf, (accountId, list) =>
    ctx.bus.publish('people.changed', { accountId, people: list }),
  );
  const settings = new SettingsPush(ctx.bus, stateOf);
  const pending = new PendingUploads();
  const uploadLimits = new UploadLimits(ctx.accounts);
  const messages = new MessagesKeeper({ ...ctx, keepMessages: options.keepMessages });
  const writes = new OfflineWrites({
    store: {
      load: (accountId) => ctx.drafts.queuedWrites(accountId),
      save: (accountId, kept) => ctx.drafts.putQueuedWrites(accountId, kept),
    },
    onChange: (accountId, kept) =>
      ctx.bus.publish('messages.queuedWrites', { accountId, writes: kept }),
  });
  const outboxes = new Outboxes({ ...ctx, writes });
  const pendingActions = new PendingActions(
    (settled) => {
      // A read mark made on arrival whose outcome was unknown is put back if it was not made.
      readOnArrival.settled(settled.accountId, settled.messageId, settled.applied);
      ctx.bus.publish('actions.settled', settled);
    },
    // Sealed with the drafts, so a restart reads back what this run could not.
    (accountId, records) => void ctx.drafts.putPending(accountId, records).catch(() => undefined),
  );
  const messageService = new MessageService({ ...ctx, messages, writes, pending: pendingActions });
  const readOnArrival = new ReadOnArrival({
    windowActive: () => ctx.sync.window === 'active',
    markRead: (accountId, messageIds) => messageService.markRead({ accountId, messageIds }),
    apply: (accountId, events) => ctx.sync.store(accountId)?.apply(events),
  });
  return {
    bus: ctx.bus,
    messages,
    messageService,
    readOnArrival,
    messageActions: new MessageActions(ctx.accounts, stateOf, writes, pendingActions),
    pendingActions,
    offlineWrites: writes,
    outboxes,
    compose: new ComposeService(ctx.accounts),
    drafts: new DraftSync(ctx.drafts, ctx.accounts, ctx.sync),
    scheduled: new ScheduledMessages(
      ctx.accounts,
      stateOf,
      (id) => outboxes.for(id),
      () => ctx.clock.now(),
    ),
    inbox: new InboxService(ctx),
    channels: new ChannelsService(ctx),
    typing,
    typingSenders: new TypingSenders(
      ctx.clock,
      ctx.accounts,
      (id) => typing.periods(id),
      (id) => stateOf(id)?.settings,
    ),
    uploads: pending,
    uploadLimits,
    uploadsService: new UploadsService({ ...ctx, limits: uploadLimits, pending }),
    realmEmoji: new RealmEmoji(ctx.accounts, pending),
    presence: new PresenceService(ctx),
    people,
    personCards: new PersonCards({ ...ctx, watch: people }),
    settings,
    ownSettings: new OwnSettingsService(ctx.accounts, settings),
    admin: createAdminServices(ctx.accounts, ctx.clock),
    network: new NetworkService(ctx),
  };
}

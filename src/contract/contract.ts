/**
 * The single list of what the renderer may ask the Core (channels) and what the Core pushes
 * to it (topics). Both ends infer their types from here; the handler side validates every
 * incoming argument with these schemas before any handler runs.
 */
import {
  OutboxChanged,
  OutboxEntry,
  OutboxItemArgs,
  OutboxListArgs,
  OutboxSendArgs,
} from './schemas/outbox.ts';
import { z } from 'zod';
import { CertificateReview } from './schemas/certificate-review.ts';
import { WindowPicture, WindowPlace } from './schemas/window.ts';
import { OpenTargetWire } from './schemas/open-target.ts';
import {
  AccountSyncStatusWire,
  DecisionEntryWire,
  DndChoiceWire,
  DndStateWire,
} from './schemas/sync.ts';
import {
  ByIdsArgs,
  EditArgs,
  FetchMessagesArgs,
  MarkReadArgs,
  ReadingArgs,
  MessageArgs,
  MessageEvents,
  MessagesPage,
  MessageWire,
  ReactArgs,
  SubmessageArgs,
  RemindArgs,
  SendArgs,
  SidebarPatchWire,
  SidebarSnapshot,
  Snippet,
  StarArgs,
  UnreadChanged,
  UnreadFromArgs,
} from './schemas/messages.ts';
import {
  ChannelTopics,
  ComposeArgs,
  ComposeDirectory,
  RenderArgs,
  Rendered,
  TopicsArgs,
} from './schemas/compose.ts';
import {
  AccountArg,
  Created,
  CreateFolderArgs,
  DeactivateArgs,
  DefaultsUpdateArgs,
  FolderArgs,
  Ignored,
  InviteArgs,
  InvitePermissionsArgs,
  LegacyPushTokenArgs,
  OrgContext,
  ProfileFieldArgs,
  TestPushArgs,
} from './schemas/admin-org.ts';
import {
  AddLinkifierArgs,
  CreateSnippetArgs,
  CreateUserArgs,
  GroupMembersArgs,
  LinkifierWire,
  LookupArgs,
  MembershipArgs,
  PeopleContext,
  SnippetWire,
  UnsubscribeArgs,
  UnsubscribeResult,
  UpdateSubscriptionArgs,
  UserDetails,
  PeopleAccountArgs,
  PeopleItemArgs,
  PersonArgs,
  ProfileForm,
  ProfileValuesArgs,
  RenameArgs,
} from './schemas/admin-people.ts';
import {
  InviteActionArgs,
  InviteLinkArgs,
  InviteLinkCreated,
  InviteList,
  InvitesArgs,
} from './schemas/admin-invites.ts';
import {
  ChannelArgs,
  ChannelList,
  CreateChannelArgs,
  CreateGroupArgs,
  GroupArgs,
  GroupPermissions,
  UpdateChannelArgs,
  UpdateGroupArgs,
} from './schemas/admin-channels.ts';
import { DeactivateUserArgs, PeopleList, RoleArgs, UserArgs } from './schemas/admin-users.ts';
import { HealthReportWire } from './schemas/admin-health.ts';
import {
  EditSnippetArgs,
  ListsChanged,
  ProfileFieldItemArgs,
  ReorderArgs,
  UpdateLinkifierArgs,
  UpdateProfileFieldArgs,
} from './schemas/admin-edit.ts';
import {
  AddRealmEmojiArgs,
  RealmEmojiArgs,
  RealmEmojiChanged,
  RealmEmojiWire,
  RemoveRealmEmojiArgs,
} from './schemas/emoji.ts';
import { MAX_RC_FILE_CHARS } from './schemas/rc-file-limit.ts';
import {
  DismissPendingArgs,
  InboxPatchWire,
  InboxSnapshot,
  MarkConversationReadArgs,
  MarkReadResult,
  MuteChannelArgs,
  RecentPatchWire,
  RecentSnapshot,
  TopicPolicyArgs,
  TopicStateArgs,
  TopicStateWire,
} from './schemas/inbox.ts';
import {
  CardArgs,
  PeopleArgs,
  PeopleChanged,
  PeoplePresenceList,
  PersonCard,
} from './schemas/people.ts';
import { DoctorArgs, DoctorReport, ProxyState, SetProxyArgs } from './schemas/network.ts';
import {
  ChannelDirectoryWire,
  ChannelItemArgs,
  ChannelsAccountArgs,
  ChannelsChangedWire,
  CreateMyChannelArgs,
} from './schemas/channels.ts';
import { TypingArgs, Typists } from './schemas/typing.ts';
import {
  PresenceArgs,
  PresenceChanged,
  PresenceSnapshot,
  SetStatusArgs,
  WindowPresenceArgs,
} from './schemas/presence.ts';
import {
  SettingsArgs,
  SettingsChanged,
  SettingsSnapshotWire,
  UpdateSettingsArgs,
} from './schemas/settings.ts';
import { DeleteDraftArgs, DraftsArgs, DraftWire, SaveDraftArgs } from './schemas/drafts.ts';
import { ActionRetryArgs, ActionSettled } from './schemas/pending-actions.ts';
import { QueuedWrite, QueuedWrites } from './schemas/offline-writes.ts';
import {
  RescheduleArgs,
  ScheduleArgs,
  ScheduledChanged,
  ScheduledItemArgs,
  ScheduledListArgs,
  ScheduledWire,
} from './schemas/scheduled.ts';
import {
  BeginUploadArgs,
  UploadChunkArgs,
  UploadIdArgs,
  UploadImageArgs,
  Uploaded,
  UploadProgress,
} from './schemas/uploads.ts';
import { lazySchema } from '../lib/lazy-schema.ts';

const channel = <A extends z.ZodType, R extends z.ZodType>(args: A, result: R) => ({
  args,
  result,
});
const noArgs = lazySchema(() => z.object({}).strict());

/** The tray's count and icon state (src/core/notify/badge.ts). */
export const TrayBadgeWire = lazySchema(() =>
  z.object({
    count: z.number().int().nonnegative(),
    icon: z.enum(['none', 'unread', 'attention']),
  }),
);
export type TrayBadgeWire = z.infer<typeof TrayBadgeWire>;

export { OpenTargetWire };

/** A notification as the presenter made it; the page shows it as a Web Notification. */
export const ShownNotificationWire = lazySchema(() =>
  z.object({
    id: z.string(),
    accountId: z.string(),
    title: z.string(),
    body: z.string(),
    messageIds: z.array(z.number().int()),
    open: OpenTargetWire,
  }),
);
export type ShownNotificationWire = z.infer<typeof ShownNotificationWire>;

export const Theme = lazySchema(() => z.enum(['system', 'light', 'dark']));

export const Preferences = lazySchema(() =>
  z.object({
    theme: Theme,
    /** Closing the window keeps Perch in the tray instead of quitting. */
    closeToTray: z.boolean(),
    startAtLogin: z.boolean(),
    /**
     * Notify through the desktop's notification server over D-Bus, from the Core, so nothing
     * needs a window (docs/notifications.md "D-Bus"). Absent means on; used where one answers.
     */
    desktopNotifications: z.boolean().optional(),
    /**
     * Direct message conversations whose notifications Perch does not show, by account id: each
     * the other participants' user ids, sorted and joined by commas. The chat API has no muting
     * of a DM conversation, so this is Perch's own (docs/notifications.md "Muted direct messages").
     */
    mutedDms: z.record(z.string(), z.array(z.string())).optional(),
    /**
     * The most each account's copy on this computer may take, in MB (docs/architecture.md,
     * "The cache on disk"); absent means 25. Past it the copy keeps fewer messages.
     */
    cacheBudgetMb: z.number().int().min(5).max(1000).optional(),
  }),
);
export type Preferences = z.infer<typeof Preferences>;

export const CoreStatus = lazySchema(() =>
  z.object({
    state: z.enum(['starting', 'ready', 'stopping']),
    accounts: z.number().int().nonnegative(),
    uptimeSeconds: z.number().nonnegative(),
  }),
);
export type CoreStatus = z.infer<typeof CoreStatus>;

export const AppInfo = lazySchema(() =>
  z.object({
    name: z.string(),
    version: z.string(),
    platform: z.string(),
    runtime: z.string(),
    transport: z.enum(['electron', 'web']),
    /**
     * Where real accounts' keys are kept: the OS keychain, Electron's encrypted storage as a
     * fallback, or memory until Perch quits (chosen with --secret-store memory).
     */
    secretStorage: z.enum(['keychain', 'safeStorage', 'memory']),
    /**
     * Whether the OS keychain's binding (keytar, an optional dependency) loads: 'missing' where
     * npm installed Perch without it, 'broken' where it is there but fails to load.
     */
    keychainBinding: z.enum(['installed', 'missing', 'broken']),
    startedAt: z.number(),
    /** Browser mode: the page shows notifications and the unread badge (a tab has no tray). */
    pageNotifications: z.boolean().optional(),
    /** Which way notifications reach the desktop, in words (the About page shows it). */
    notificationPath: z.string().optional(),
  }),
);
export type AppInfo = z.infer<typeof AppInfo>;

/** An account as the renderer may see it: everything but the key, which never leaves the Core. */
export const AccountSummary = lazySchema(() =>
  z.object({
    id: z.string(),
    serverUrl: z.string(),
    email: z.string(),
    fullName: z.string(),
    userId: z.number().int(),
    role: z.number().int(),
    realmName: z.string(),
    realmIcon: z.string().optional(),
    featureLevel: z.number().int(),
    attention: z
      .object({
        code: z.string(),
        message: z.string(),
        since: z.number(),
        /** CERTIFICATE_CHANGED: the fingerprint trusted before and what the server presents now. */
        certificate: z
          .object({ trusted: z.string(), presented: CertificateReview.optional() })
          .optional(),
      })
      .optional(),
    /** SHA-256 of the certificate (or CA) trusted for this server after a certificate error. */
    trustedCertificate: z.string().optional(),
    /** Signed in to the embedded demo organization (ends with this run). */
    demo: z.boolean().optional(),
    /** Where this account's key is kept (the demo's always in memory). */
    keyStorage: z.enum(['keychain', 'safeStorage', 'memory']),
  }),
);
export type AccountSummary = z.infer<typeof AccountSummary>;

/**
 * What a window's first screen needs of the Core, in one answer: the web host writes it into
 * the page it serves, so the first paint waits for no round trip (docs/architecture.md
 * "No window").
 */
export const AppBoot = lazySchema(() =>
  z.object({
    info: AppInfo,
    status: CoreStatus,
    prefs: Preferences,
    accounts: z.array(AccountSummary),
    /** Where the last window was left; null before any window said. */
    place: WindowPlace.nullable(),
    /**
     * The first page of that narrow (src/contract/first-page.ts), where the web host had it at
     * hand when it served the page; never from `app.boot` itself.
     */
    firstPage: z.object({ key: z.string(), page: MessagesPage }).optional(),
  }),
);
export type AppBoot = z.infer<typeof AppBoot>;

export const ServerProbe = lazySchema(() =>
  z.object({
    url: z.string(),
    realmName: z.string(),
    realmIcon: z.string().optional(),
    descriptionHtml: z.string(),
    version: z.string(),
    featureLevel: z.number().int(),
    incompatible: z.boolean(),
    insecure: z.boolean(),
    methods: z.object({
      password: z.boolean(),
      external: z.array(z.object({ name: z.string(), displayName: z.string() })),
    }),
  }),
);
export type ServerProbe = z.infer<typeof ServerProbe>;

const serverUrl = lazySchema(() => z.string().trim().min(1, 'enter the server address').max(2048));
const allowInsecure = lazySchema(() => z.boolean().optional());
/** The SHA-256 fingerprint (`AB:CD:…`) of a certificate the user compared and trusts. */
const fingerprint = lazySchema(() =>
  z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'a SHA-256 fingerprint as AB:CD:…'),
);
const trustCertificate = lazySchema(() => fingerprint.optional());
const secret = (what: string) => z.string().trim().min(1, `enter the ${what}`).max(4096);

/**
 * A call the server created. Its link becomes an href and goes into messages as markdown,
 * so anything but a web address (javascript:, data:, a custom scheme) is refused here, where
 * every way to ask for a call passes, and reaches the user as an error instead.
 */
const VideoCall = lazySchema(() =>
  z.object({
    url: z.url({
      protocol: /^https?$/,
      error: 'the video call link the server gave is not an http(s) address',
    }),
  }),
);

export const channels = {
  'app.info': channel(noArgs, AppInfo),
  'app.status': channel(noArgs, CoreStatus),
  /** The first screen's state in one answer (AppBoot). */
  'app.boot': channel(noArgs, AppBoot),
  /** Where the reader is in the window, kept by the Core for the next window to open at. */
  'window.place': channel(WindowPlace, z.object({})),
  /** The window's picture as it is hidden or closed, for the next window's first frame. */
  'window.picture': channel(WindowPicture, z.object({})),
  'prefs.get': channel(noArgs, Preferences),
  'prefs.set': channel(
    lazySchema(() =>
      Preferences.partial()
        .strict()
        .refine((p) => Object.keys(p).length > 0, {
          message: 'name at least one preference to change',
        }),
    ),
    Preferences,
  ),
  'accounts.list': channel(
    noArgs,
    lazySchema(() => z.array(AccountSummary)),
  ),
  'accounts.probe': channel(
    lazySchema(() => z.object({ url: serverUrl, allowInsecure, trustCertificate }).strict()),
    ServerProbe,
  ),
  'accounts.signInWithKey': channel(
    lazySchema(() =>
      z
        .object({
          serverUrl,
          email: z.string().trim().min(1, 'enter the email').max(320),
          apiKey: secret('API key'),
          allowInsecure,
          trustCertificate,
        })
        .strict(),
    ),
    AccountSummary,
  ),
  'accounts.importRcFile': channel(
    lazySchema(() =>
      z
        .object({
          contents: z
            .string()
            .min(1, 'the file is empty')
            .max(MAX_RC_FILE_CHARS, 'that file is too large to be a zuliprc'),
          allowInsecure,
          trustCertificate,
        })
        .strict(),
    ),
    AccountSummary,
  ),
  'accounts.signInWithToken': channel(
    lazySchema(() =>
      z.object({ serverUrl, token: secret('token'), allowInsecure, trustCertificate }).strict(),
    ),
    AccountSummary,
  ),
  'accounts.signInWithPassword': channel(
    lazySchema(() =>
      z
        .object({
          serverUrl,
          username: z.string().trim().min(1, 'enter the email').max(320),
          password: z.string().min(1, 'enter the password').max(4096),
          allowInsecure,
          trustCertificate,
        })
        .strict(),
    ),
    AccountSummary,
  ),
  'accounts.signOut': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    lazySchema(() => z.object({ removed: z.boolean() })),
  ),
  'accounts.startDemo': channel(noArgs, AccountSummary),
  /** After CERTIFICATE_CHANGED: trust what the server presents now (its fingerprint compared). */
  'accounts.trustNewCertificate': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1), fingerprint }).strict()),
    AccountSummary,
  ),
  /** Each watched account's event queue health (Activity panel, tray menu). */
  'sync.status': channel(
    noArgs,
    lazySchema(() => z.array(AccountSyncStatusWire)),
  ),
  /** The "why" log: an account's last decisions, oldest first. */
  'sync.decisions': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    lazySchema(() => z.array(DecisionEntryWire)),
  ),
  /** Every queue reconnects now instead of waiting out its backoff. */
  'sync.reconnect': channel(
    noArgs,
    lazySchema(() => z.object({})),
  ),
  /** The user is looking at the window: open notifications have done their job. */
  'notifications.seen': channel(
    noArgs,
    lazySchema(() => z.object({})),
  ),
  /**
   * What browser mode's page shows now: the unread badge and the notifications still open,
   * for a tab opened (or reconnected) after they were shown.
   */
  'notifications.current': channel(
    noArgs,
    lazySchema(() => z.object({ badge: TrayBadgeWire, open: z.array(ShownNotificationWire) })),
  ),
  'dnd.get': channel(noArgs, DndStateWire),
  'dnd.set': channel(
    lazySchema(() => z.object({ choice: DndChoiceWire }).strict()),
    DndStateWire,
  ),
  // ── Admin console: organization (schemas in schemas/admin-org.ts) ──
  /** A fresh look at what the organization panels show: defaults, channels, limits... */
  'adminOrg.context': channel(AccountArg, OrgContext),
  'adminOrg.updateDefaults': channel(DefaultsUpdateArgs, Ignored),
  'adminOrg.invite': channel(InviteArgs, Ignored),
  'adminOrg.testPush': channel(TestPushArgs, Ignored),
  'adminOrg.registerLegacyPushToken': channel(LegacyPushTokenArgs, Ignored),
  'adminOrg.createVideoCall': channel(AccountArg, VideoCall),
  'adminOrg.createFolder': channel(CreateFolderArgs, Created),
  'adminOrg.updateFolder': channel(FolderArgs, Ignored),
  'adminOrg.createProfileField': channel(ProfileFieldArgs, Created),
  'adminOrg.deactivate': channel(DeactivateArgs, Ignored),
  /** Who may send email invitations and create reusable links (owners; PATCH /realm). */
  'adminOrg.updateInvitePermissions': channel(InvitePermissionsArgs, Ignored),
  // ── end admin console: organization ──
  // ── Admin console: people (schemas in schemas/admin-people.ts) ──
  /** The caller's fresh role and can_create_users, the users and groups, notify defaults. */
  'adminPeople.context': channel(PeopleAccountArgs, PeopleContext),
  'adminPeople.lookupUser': channel(LookupArgs, UserDetails),
  'adminPeople.createUser': channel(
    CreateUserArgs,
    lazySchema(() => z.object({ userId: z.number().int() })),
  ),
  'adminPeople.updateGroupMembers': channel(
    GroupMembersArgs,
    lazySchema(() => z.object({})),
  ),
  'adminPeople.checkMembership': channel(
    MembershipArgs,
    lazySchema(() => z.object({ isMember: z.boolean() })),
  ),
  'adminPeople.listLinkifiers': channel(
    PeopleAccountArgs,
    lazySchema(() => z.array(LinkifierWire)),
  ),
  'adminPeople.addLinkifier': channel(
    AddLinkifierArgs,
    lazySchema(() => z.object({ id: z.number().int() })),
  ),
  'adminPeople.removeLinkifier': channel(
    PeopleItemArgs,
    lazySchema(() => z.object({})),
  ),
  'adminPeople.listSnippets': channel(
    PeopleAccountArgs,
    lazySchema(() => z.array(SnippetWire)),
  ),
  'adminPeople.createSnippet': channel(
    CreateSnippetArgs,
    lazySchema(() => z.object({ id: z.number().int() })),
  ),
  'adminPeople.deleteSnippet': channel(
    PeopleItemArgs,
    lazySchema(() => z.object({})),
  ),
  'adminPeople.unsubscribe': channel(UnsubscribeArgs, UnsubscribeResult),
  /** Upstream update-user full_name (administrators). */
  'adminPeople.rename': channel(
    RenameArgs,
    lazySchema(() => z.object({})),
  ),
  /** Every custom profile field with the person's value, for the edit form. */
  'adminPeople.profileForm': channel(PersonArgs, ProfileForm),
  /** Upstream update-user profile_data (administrators). */
  'adminPeople.setProfileFields': channel(
    ProfileValuesArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end admin console: people ──
  // ── Admin console: people list and per-user actions (schemas/admin-users.ts) ──
  'adminUsers.list': channel(PeopleAccountArgs, PeopleList),
  'adminUsers.setRole': channel(
    RoleArgs,
    lazySchema(() => z.object({})),
  ),
  'adminUsers.deactivate': channel(
    DeactivateUserArgs,
    lazySchema(() => z.object({})),
  ),
  'adminUsers.reactivate': channel(
    UserArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end admin console: people list ──
  /** The organization at a glance, each finding named (schemas/admin-health.ts). */
  'adminHealth.report': channel(PeopleAccountArgs, HealthReportWire),
  // ── Admin console: invitations (schemas in schemas/admin-invites.ts) ──
  /** Pending invitations and reusable links the caller can manage, with the inviters' names. */
  'adminInvites.list': channel(InvitesArgs, InviteList),
  'adminInvites.revoke': channel(
    InviteActionArgs,
    lazySchema(() => z.object({})),
  ),
  'adminInvites.resend': channel(
    InviteActionArgs,
    lazySchema(() => z.object({})),
  ),
  /** A new reusable invitation link; its URL is shown once, next to the button. */
  'adminInvites.createLink': channel(InviteLinkArgs, InviteLinkCreated),
  // ── end admin console: invitations ──
  // ── Admin console: groups and channels (schemas/admin-channels.ts) ──
  'adminGroups.permissions': channel(
    PeopleAccountArgs,
    lazySchema(() => z.array(GroupPermissions)),
  ),
  'adminGroups.create': channel(
    CreateGroupArgs,
    lazySchema(() => z.object({ id: z.number().int() })),
  ),
  'adminGroups.update': channel(
    UpdateGroupArgs,
    lazySchema(() => z.object({})),
  ),
  'adminGroups.deactivate': channel(
    GroupArgs,
    lazySchema(() => z.object({})),
  ),
  'adminChannels.list': channel(PeopleAccountArgs, ChannelList),
  'adminChannels.create': channel(
    CreateChannelArgs,
    lazySchema(() => z.object({})),
  ),
  'adminChannels.update': channel(
    UpdateChannelArgs,
    lazySchema(() => z.object({})),
  ),
  'adminChannels.archive': channel(
    ChannelArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end admin console: groups and channels ──
  // ── Admin console: edit, reorder, delete what exists (schemas/admin-edit.ts) ──
  'adminEdit.updateProfileField': channel(UpdateProfileFieldArgs, Ignored),
  'adminEdit.reorderProfileFields': channel(ReorderArgs, Ignored),
  'adminEdit.deleteProfileField': channel(ProfileFieldItemArgs, Ignored),
  'adminEdit.updateLinkifier': channel(UpdateLinkifierArgs, Ignored),
  'adminEdit.reorderLinkifiers': channel(ReorderArgs, Ignored),
  'adminEdit.editSnippet': channel(EditSnippetArgs, Ignored),
  'adminEdit.reorderFolders': channel(ReorderArgs, Ignored),
  // ── end admin console: edit ──
  // Messages: history windows, the sidebar, compose and reactions.
  'messages.fetch': channel(FetchMessagesArgs, MessagesPage),
  'messages.byIds': channel(
    ByIdsArgs,
    lazySchema(() => z.array(MessageWire)),
  ),
  /** The sidebar now; its changes are pushed (messages.sidebarPatch) until unwatched. */
  'messages.sidebar': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    SidebarSnapshot,
  ),
  /** The sidebar is no longer shown: its changes stop being pushed (one per messages.sidebar). */
  'messages.sidebarUnwatch': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    lazySchema(() => z.object({})),
  ),
  'messages.send': channel(
    SendArgs,
    lazySchema(() => z.object({ id: z.number().int() })),
  ),
  'messages.markRead': channel(
    MarkReadArgs,
    lazySchema(() => z.object({})),
  ),
  /** The narrow read at its newest end in a focused window: its new messages arrive read. */
  'messages.reading': channel(
    ReadingArgs,
    lazySchema(() => z.object({})),
  ),
  'messages.react': channel(
    ReactArgs,
    lazySchema(() => z.object({})),
  ),
  /** A poll's or a to-do list's change (POST /submessage); it comes back as an event. */
  'messages.submessage': channel(
    SubmessageArgs,
    lazySchema(() => z.object({})),
  ),
  /** A reminder of the message at `at` (POST /reminders), sent by the notification bot. */
  'messages.remind': channel(
    RemindArgs,
    lazySchema(() => z.object({ reminderId: z.number().int() })),
  ),
  // Message actions: edit, move, delete, star, unread from here, source.
  'messages.source': channel(
    MessageArgs,
    lazySchema(() => z.object({ rawContent: z.string() })),
  ),
  /** Who has read a message (GET /messages/{id}/read_receipts), by name, the reader first. */
  'messages.readReceipts': channel(
    MessageArgs,
    lazySchema(() =>
      z.object({ readers: z.array(z.object({ userId: z.number().int(), name: z.string() })) }),
    ),
  ),
  'messages.edit': channel(
    EditArgs,
    lazySchema(() => z.object({})),
  ),
  'messages.delete': channel(
    MessageArgs,
    lazySchema(() => z.object({})),
  ),
  'messages.star': channel(
    StarArgs,
    lazySchema(() => z.object({})),
  ),
  /** Reactions, stars and read marks made offline, waiting for the server, oldest first. */
  'messages.queuedWrites': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    lazySchema(() => z.array(QueuedWrite)),
  ),
  /** Does again an action whose answer was lost and that the server does not hold. */
  'actions.retry': channel(
    ActionRetryArgs,
    lazySchema(() => z.object({})),
  ),
  /** `count` is null when the answer was lost and the server was read back instead. */
  'messages.unreadFrom': channel(
    UnreadFromArgs,
    lazySchema(() => z.object({ count: z.number().int().nullable() })),
  ),
  'messages.snippets': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    lazySchema(() => z.array(Snippet)),
  ),
  'messages.videoCall': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    VideoCall,
  ),
  /** Where the window opens: the conversation with the newest unread message, if any. */
  'messages.newestUnread': channel(
    noArgs,
    lazySchema(() => z.lazy(() => OpenTargetWire.nullable())),
  ),
  // ── Compose (schemas in schemas/compose.ts) ──
  /** People, mentionable groups, visible channels, enter_sends and the wildcard permission. */
  'compose.directory': channel(ComposeArgs, ComposeDirectory),
  /** A channel's topics, most recently active first, for the topic box's completion. */
  'compose.topics': channel(TopicsArgs, ChannelTopics),
  /** The message as the server would render it (sanitized by the renderer before display). */
  'compose.render': channel(RenderArgs, Rendered),
  /** The account's unsent drafts, newest first, as kept in the data directory. */
  'drafts.list': channel(
    DraftsArgs,
    lazySchema(() => z.array(DraftWire)),
  ),
  /** Keeps one narrow's draft (an empty text deletes it). */
  'drafts.save': channel(
    SaveDraftArgs,
    lazySchema(() => z.object({})),
  ),
  'drafts.delete': channel(
    DeleteDraftArgs,
    lazySchema(() => z.object({})),
  ),
  // ── Outbox (schemas in schemas/outbox.ts) ──
  /** Takes a send from compose (its draft dropped in the same write); it goes at once. */
  'outbox.send': channel(
    OutboxSendArgs,
    lazySchema(() => z.object({ localId: z.string() })),
  ),
  'outbox.list': channel(
    OutboxListArgs,
    lazySchema(() => z.array(OutboxEntry)),
  ),
  /** Try again, for a send known not to have arrived: looked up first, then sent. */
  'outbox.retry': channel(
    OutboxItemArgs,
    lazySchema(() => z.object({})),
  ),
  'outbox.discard': channel(
    OutboxItemArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end outbox ──
  // ── Scheduled messages (schemas in schemas/scheduled.ts) ──
  /** The account's scheduled messages, soonest first. */
  'scheduled.list': channel(
    ScheduledListArgs,
    lazySchema(() => z.array(ScheduledWire)),
  ),
  'scheduled.create': channel(
    ScheduleArgs,
    lazySchema(() => z.object({ id: z.number().int() })),
  ),
  /** Changes its text, its conversation or its time. */
  'scheduled.update': channel(
    RescheduleArgs,
    lazySchema(() => z.object({})),
  ),
  /** Sends it now and takes it off the schedule. */
  'scheduled.sendNow': channel(
    ScheduledItemArgs,
    lazySchema(() => z.object({})),
  ),
  /** Cancels it (after the user confirmed). */
  'scheduled.cancel': channel(
    ScheduledItemArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end scheduled messages ──
  // ── end compose ──
  // ── Emoji (schemas in schemas/emoji.ts) ──
  /** The organization's custom emoji, deactivated ones included (old reactions show them). */
  'emoji.realm': channel(
    RealmEmojiArgs,
    lazySchema(() => z.array(RealmEmojiWire)),
  ),
  /** Posts an uploaded image (uploads.begin/chunk) as a new custom emoji. */
  'emoji.add': channel(
    AddRealmEmojiArgs,
    lazySchema(() => z.object({})),
  ),
  /** Deactivates a custom emoji: old messages keep showing it, the picker no longer offers it. */
  'emoji.remove': channel(
    RemoveRealmEmojiArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end emoji ──
  // ── Inbox (schemas in schemas/inbox.ts) ──
  'inbox.get': channel(noArgs, InboxSnapshot),
  /** Marks a topic, channel or direct conversation read, or queues it while out of reach. */
  'inbox.markRead': channel(MarkConversationReadArgs, MarkReadResult),
  /** Marks every unread message of the organization read (after the user confirmed). */
  /** `queued`: the organization is out of reach; it goes out once when it is back. */
  'inbox.markAllRead': channel(
    lazySchema(() => z.object({ accountId: z.string().min(1) }).strict()),
    lazySchema(() => z.object({ queued: z.boolean() })),
  ),
  'inbox.setTopicPolicy': channel(
    TopicPolicyArgs,
    lazySchema(() => z.object({})),
  ),
  /** A topic's mute / follow state and its channel's mute, for a recipient bar's menu. */
  'inbox.topicState': channel(TopicStateArgs, TopicStateWire),
  'inbox.muteChannel': channel(
    MuteChannelArgs,
    lazySchema(() => z.object({})),
  ),
  /** Forgets a queued mark-read the server refused, once the user has seen why. */
  'inbox.dismissPending': channel(
    DismissPendingArgs,
    lazySchema(() => z.object({})),
  ),
  'recent.get': channel(noArgs, RecentSnapshot),
  /** Loads Recent now, unpushed, so an organization that drops out later has last known rows. */
  'recent.prepare': channel(
    noArgs,
    lazySchema(() => z.object({})),
  ),
  /** Recent is no longer shown: its changes stop being pushed (recent.get starts them). */
  'recent.unwatch': channel(
    noArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end inbox ──
  // ── Uploads and typing (schemas in schemas/typing.ts, uploads.ts) ──
  /** A keystroke in a draft, or the draft done: the Core sends typing start/stop as due. */
  'messages.typing': channel(
    TypingArgs,
    lazySchema(() => z.object({})),
  ),
  /** Checks the organization's size limit before any byte, and opens an upload. */
  'uploads.begin': channel(
    BeginUploadArgs,
    lazySchema(() => z.object({ uploadId: z.string(), chunkBytes: z.number().int().positive() })),
  ),
  /** The next piece of the file, in order. */
  'uploads.chunk': channel(
    UploadChunkArgs,
    lazySchema(() => z.object({ received: z.number().int() })),
  ),
  /** Posts the whole file to the server. */
  'uploads.finish': channel(UploadIdArgs, Uploaded),
  'uploads.cancel': channel(
    UploadIdArgs,
    lazySchema(() => z.object({})),
  ),
  /** A short-lived link that shows an uploaded image without the API key. */
  'uploads.imageUrl': channel(
    UploadImageArgs,
    lazySchema(() => z.object({ url: z.string() })),
  ),
  // ── end uploads and typing ──
  // ── Channels (schemas in schemas/channels.ts) ──
  /** Every channel the user can see, their state in it, and what they may create. */
  'channels.directory': channel(ChannelsAccountArgs, ChannelDirectoryWire),
  'channels.subscribe': channel(
    ChannelItemArgs,
    lazySchema(() => z.object({})),
  ),
  'channels.unsubscribe': channel(
    ChannelItemArgs,
    lazySchema(() => z.object({})),
  ),
  'channels.create': channel(
    CreateMyChannelArgs,
    lazySchema(() => z.object({})),
  ),
  /** One of the user's own settings of a channel: colour, pin, mute, a notification override. */
  'channels.setProperty': channel(
    UpdateSubscriptionArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end channels ──
  // Network (schemas in schemas/network.ts): the proxy and the connection doctor.
  'proxy.get': channel(noArgs, ProxyState),
  'proxy.set': channel(SetProxyArgs, ProxyState),
  /** Runs the connection checks for an account or for an address typed at sign-in. */
  'doctor.run': channel(DoctorArgs, DoctorReport),
  // ── People (schemas in schemas/people.ts) ──
  /** A person's card: profile, role, presence, status and custom fields, ids named. */
  'people.card': channel(CardArgs, PersonCard),
  /** Everyone in the People list's order, with presence and status. */
  'people.list': channel(PeopleArgs, PeoplePresenceList),
  // ── end people ──
  // ── Presence and status (schemas in schemas/presence.ts) ──
  /** Perch's window is active, idle or closed: presence reports "active", "idle" or nothing. */
  'presence.window': channel(
    WindowPresenceArgs,
    lazySchema(() => z.object({})),
  ),
  /** Everyone's active / idle / offline state and status in one account, at the Core's now. */
  'presence.get': channel(PresenceArgs, PresenceSnapshot),
  /** Sets or clears the user's own status (text, emoji, away); only the fields passed change. */
  'status.set': channel(
    SetStatusArgs,
    lazySchema(() => z.object({})),
  ),
  // ── end presence and status ──
  /** The signed-in user's own settings that this server has at its level. */
  'settings.get': channel(SettingsArgs, SettingsSnapshotWire),
  /** PATCH /settings: saved at once; the state follows the server's user_settings event. */
  'settings.update': channel(UpdateSettingsArgs, Ignored),
} as const;

export const topics = {
  'core.status': CoreStatus,
  'prefs.changed': Preferences,
  'accounts.changed': lazySchema(() => z.array(AccountSummary)),
  'sync.status': lazySchema(() => z.array(AccountSyncStatusWire)),
  'sync.decisions': lazySchema(() =>
    z.object({ accountId: z.string(), entries: z.array(DecisionEntryWire) }),
  ),
  'dnd.changed': DndStateWire,
  /** Play the user's notification sound (the renderer owns audio in both hosts). */
  'sound.play': lazySchema(() => z.object({ sound: z.string() })),
  /** A notification was clicked: show this message. */
  'notifications.open': OpenTargetWire,
  // Browser mode's notifier and badge (src/core/notify/renderer-notifier.ts).
  'notifications.show': ShownNotificationWire,
  'notifications.close': lazySchema(() => z.object({ id: z.string() })),
  'notifications.closeAll': lazySchema(() => z.object({})),
  'badge.changed': TrayBadgeWire,
  // Messages: one account's message-related queue events; its unread counts changed.
  'messages.events': MessageEvents,
  'messages.unreadChanged': UnreadChanged,
  /** The account's lost queue was registered again: what an open view shows may be stale. */
  'messages.stale': UnreadChanged,
  /** The organization changed who may edit, move or delete messages: reload the sidebar. */
  'messages.rulesChanged': UnreadChanged,
  /** What changed in one account's sidebar, only while a view shows it. */
  'messages.sidebarPatch': SidebarPatchWire,
  /** One organization's Inbox rows changed (or its connection did): only what changed. */
  'inbox.patch': InboxPatchWire,
  'inbox.removed': lazySchema(() => z.object({ accountId: z.string() })),
  /** Pushed only while some view shows Recent (between recent.get and recent.unwatch). */
  'recent.patch': RecentPatchWire,
  /** Who is typing where in one account, whenever that changes. */
  'messages.typing': Typists,
  /** A list the admin panels show changed on the server (any session). */
  'adminEdit.changed': ListsChanged,
  /** The organization's custom emoji changed: fetch them again. */
  'emoji.realmChanged': RealmEmojiChanged,
  /** One account's channel directory changed. */
  'channels.changed': ChannelsChangedWire,
  /** How many of a file's bytes the server connection has taken. */
  'uploads.progress': UploadProgress,
  /** Some people's presence or status changed. */
  'people.changed': PeopleChanged,
  /** Presence or statuses of an account changed (at least every ping interval): get them again. */
  'presence.changed': PresenceChanged,
  /** One account's outbox changed: its entries, and the sends just confirmed. */
  'outbox.changed': OutboxChanged,
  /** An action on a message whose answer was lost was read back: what it came to. */
  'actions.settled': ActionSettled,
  /** One account's reactions, stars and read marks waiting for the server changed. */
  'messages.queuedWrites': QueuedWrites,
  /** The user's own settings changed (any device, or a new registration). */
  'settings.changed': SettingsChanged,
  /** One account's scheduled messages changed, or may have (a new registration): list again. */
  'scheduled.changed': ScheduledChanged,
} as const;

export type Channel = keyof typeof channels;
export type Topic = keyof typeof topics;
/** What a caller passes (before defaults and transforms). */
export type ArgsIn<C extends Channel> = z.input<(typeof channels)[C]['args']>;
/** What a handler receives (after validation). */
export type Args<C extends Channel> = z.output<(typeof channels)[C]['args']>;
export type Result<C extends Channel> = z.output<(typeof channels)[C]['result']>;
export type Payload<T extends Topic> = z.output<(typeof topics)[T]>;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

export function isTopic(name: unknown): name is Topic {
  return typeof name === 'string' && Object.hasOwn(topics, name);
}

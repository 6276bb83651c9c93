/** Wire shapes of message browsing and compose: narrows, pages, the sidebar. */
import { z } from 'zod';
import { fetchedMessageSchema } from '../../api/schemas/message.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));
const id = lazySchema(() => z.number().int().positive());

export const NarrowTermWire = lazySchema(() =>
  z
    .object({
      operator: z.string().trim().min(1).max(40),
      operand: z.union([
        z.string().max(1000),
        z.number().int(),
        z.array(z.number().int()).max(100),
      ]),
      negated: z.boolean().optional(),
    })
    .strict(),
);
export type NarrowTermWire = z.infer<typeof NarrowTermWire>;

/** At most 1000 per request on either side of the anchor: the server's limit is 5000 in all. */
const batch = lazySchema(() => z.number().int().min(0).max(1000));

export const FetchMessagesArgs = lazySchema(() =>
  z
    .object({
      accountId,
      narrow: z.array(NarrowTermWire).max(20),
      anchor: z.union([z.enum(['newest', 'oldest', 'first_unread', 'date']), id]),
      /** ISO 8601 date or time, with the `date` anchor. */
      anchorDate: z.string().min(4).max(40).optional(),
      includeAnchor: z.boolean().optional(),
      numBefore: batch,
      numAfter: batch,
    })
    .strict()
    .refine((a) => a.anchor !== 'date' || a.anchorDate !== undefined, {
      message: 'a date anchor needs the date',
      path: ['anchorDate'],
    }),
);

export const MessageWire = fetchedMessageSchema;
export type MessageWire = z.infer<typeof MessageWire>;

export const MessagesPage = lazySchema(() =>
  z.object({
    messages: z.array(MessageWire),
    foundAnchor: z.boolean(),
    foundOldest: z.boolean(),
    foundNewest: z.boolean(),
    historyLimited: z.boolean(),
    /** The message the anchor resolved to (first unread, the date's first message, the id). */
    anchor: z.number().int().nullable(),
    /**
     * A search answered from the account's saved copy, its server out of reach: how many kept
     * messages were searched.
     */
    offlineSearch: z.object({ searched: z.number().int().nonnegative() }).optional(),
  }),
);
export type MessagesPage = z.infer<typeof MessagesPage>;

export const SidebarTopic = lazySchema(() =>
  z.object({
    name: z.string(),
    unread: z.number().int(),
    /** The newest message's id known for the topic: the order, newest first. */
    newestId: z.number().int().optional(),
  }),
);
export type SidebarTopic = z.infer<typeof SidebarTopic>;
export const SidebarChannel = lazySchema(() =>
  z.object({
    streamId: z.number().int(),
    name: z.string(),
    color: z.string(),
    pinned: z.boolean(),
    muted: z.boolean(),
    folderId: z.number().int().nullable(),
    unread: z.number().int(),
    topics: z.array(SidebarTopic),
  }),
);
export type SidebarChannel = z.infer<typeof SidebarChannel>;

export const SidebarConversation = lazySchema(() =>
  z.object({
    /** The other participants' ids, ascending (empty for the user's notes to self). */
    userIds: z.array(z.number().int()),
    names: z.array(z.string()),
    unread: z.number().int(),
    /** The newest recent message's id (0 for unread ones older than the recent window): the order. */
    newestId: z.number().int().optional(),
  }),
);
export type SidebarConversation = z.infer<typeof SidebarConversation>;

export const EditRulesWire = lazySchema(() =>
  z.object({
    allowEditing: z.boolean(),
    editLimitSeconds: z.number().int().nullable(),
    deleteLimitSeconds: z.number().int().nullable(),
    moveTopicLimitSeconds: z.number().int().nullable(),
    moveChannelLimitSeconds: z.number().int().nullable(),
    canDeleteAny: z.boolean(),
    canDeleteOwn: z.boolean(),
    canMoveTopics: z.boolean(),
    canMoveChannels: z.boolean(),
    canResolve: z.boolean(),
    exemptFromMoveLimits: z.boolean(),
  }),
);

export const Sidebar = lazySchema(() =>
  z.object({
    folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
    channels: z.array(SidebarChannel),
    conversations: z.array(SidebarConversation),
    counts: z.object({
      unread: z.number().int(),
      mentions: z.number().int(),
      followed: z.number().int(),
      dms: z.number().int(),
    }),
    /** How the realm names the empty topic "", shown in its place. */
    emptyTopicName: z.string(),
    /** The longest message the server takes, in code points; compose refuses longer ones. */
    maxMessageLength: z.number().int().positive(),
    /** The organization's edit, move and delete rules for this user (the message menu). */
    editRules: EditRulesWire,
    /**
     * Set when the server could not be reached: the list comes from the account's registered
     * state (channels, no topics), and this is the failure, for the details.
     */
    stale: z.string().optional(),
    /**
     * Set when the Core could not rebuild the sidebar after a change: the rows are the last
     * ones it built, and this is why (cleared by the next rebuild that works).
     */
    refreshError: z.string().optional(),
    /** The reader's groups, clock and mark-read policy; absent before the first registration. */
    reader: z
      .object({
        groupIds: z.array(z.number().int()),
        twentyFourHour: z.boolean().nullable(),
        markReadPolicy: z.number().int(),
        /** `web_home_view`: where the window opens and where Escape goes (docs/focus.md). */
        homeView: z.enum(['inbox', 'recent', 'all_messages']).optional(),
        /** `web_escape_navigates_to_home_view`. */
        escapeToHome: z.boolean().optional(),
      })
      .optional(),
  }),
);
export type Sidebar = z.infer<typeof Sidebar>;

/**
 * The sidebar crosses as keyed rows, like the Inbox (docs/architecture.md "Pushed topics";
 * src/contract/inbox-patch.ts says how they are keyed); `seq` counts the account's patches, so a
 * page that sees one missing asks for the whole sidebar again.
 */
export const SidebarSnapshot = lazySchema(() =>
  Sidebar.extend({
    accountId: z.string(),
    seq: z.number().int().optional(),
  }),
);
export type SidebarSnapshot = z.infer<typeof SidebarSnapshot>;

export const SidebarRowWire = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('channel'), channel: SidebarChannel.omit({ topics: true }) }),
    z.object({ kind: z.literal('topic'), streamId: z.number().int(), topic: SidebarTopic }),
    z.object({ kind: z.literal('dm'), dm: SidebarConversation }),
  ]),
);
export type SidebarRowWire = z.infer<typeof SidebarRowWire>;

export const SidebarPatchWire = lazySchema(() =>
  z.object({
    accountId: z.string(),
    seq: z.number().int(),
    head: Sidebar.omit({ channels: true, conversations: true }),
    upsert: z.array(SidebarRowWire),
    remove: z.array(z.string()),
  }),
);
export type SidebarPatchWire = z.infer<typeof SidebarPatchWire>;

export const SendTo = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('stream'), streamId: id, topic: z.string().max(60) }).strict(),
    z.object({ type: z.literal('direct'), userIds: z.array(id).min(1).max(100) }).strict(),
  ]),
);
export type SendTo = z.infer<typeof SendTo>;

export const SendArgs = lazySchema(() =>
  z
    .object({
      accountId,
      to: SendTo,
      // The server's own max_message_length (from register) is checked by the handler; this
      // only bounds what the wire carries.
      content: z.string().trim().min(1, 'write a message').max(1_000_000),
    })
    .strict(),
);

export const MarkReadArgs = lazySchema(() =>
  z.object({ accountId, messageIds: z.array(id).min(1).max(1000) }).strict(),
);

/**
 * Where the reader is reading now, for marking read on arrival (docs/notifications.md,
 * "Read on arrival"): the narrow whose newest end the Messages list shows in a focused window
 * whose view marks read on sight, or null when there is none (scrolled up, another view, the
 * window in the background, a search, the reader's policy).
 */
export const ReadingArgs = lazySchema(() =>
  z.object({ accountId, narrow: z.array(NarrowTermWire).max(20).nullable() }).strict(),
);

export const ReactArgs = lazySchema(() =>
  z
    .object({
      accountId,
      messageId: id,
      op: z.enum(['add', 'remove']),
      emojiName: z.string().min(1).max(100),
      emojiCode: z.string().min(1).max(100),
      reactionType: z.enum(['unicode_emoji', 'realm_emoji', 'service_extra_emoji']),
    })
    .strict(),
);

/** A widget's event (a vote, an option, a task, a title) as upstream's widget JSON. */
export const SubmessageArgs = lazySchema(() =>
  z.object({ accountId, messageId: id, content: z.string().min(2).max(10_000) }).strict(),
);

/** "Remind me about this": `at` in UNIX seconds, which the server wants in the future. */
export const RemindArgs = lazySchema(() =>
  z.object({ accountId, messageId: id, at: z.number().int().positive() }).strict(),
);

export const ByIdsArgs = lazySchema(() =>
  z
    .object({
      accountId,
      messageIds: z.array(id).min(1).max(1000),
      /** Only those of the messages this narrow holds (a message moved into an open narrow). */
      narrow: z.array(NarrowTermWire).max(20).optional(),
    })
    .strict(),
);

export const MessageArgs = lazySchema(() => z.object({ accountId, messageId: id }).strict());

export const PropagateMode = lazySchema(() => z.enum(['change_one', 'change_later', 'change_all']));

/** PATCH /messages/{id}: new content, or a move to a topic or channel (not both content and channel). */
export const EditArgs = lazySchema(() =>
  z
    .object({
      accountId,
      messageId: id,
      content: z.string().max(1_000_000).optional(),
      topic: z.string().max(1000).optional(),
      streamId: id.optional(),
      propagateMode: PropagateMode.optional(),
      notifyOldThread: z.boolean().optional(),
      notifyNewThread: z.boolean().optional(),
    })
    .strict()
    .refine((a) => a.content !== undefined || a.topic !== undefined || a.streamId !== undefined, {
      message: 'nothing to change',
    }),
);

export const StarArgs = lazySchema(() =>
  z.object({ accountId, messageId: id, starred: z.boolean() }).strict(),
);

/** Marks the narrow unread from this message on (the message included). */
export const UnreadFromArgs = lazySchema(() =>
  z.object({ accountId, messageId: id, narrow: z.array(NarrowTermWire).max(20) }).strict(),
);

export const Snippet = lazySchema(() =>
  z.object({ id: z.number().int(), title: z.string(), content: z.string() }),
);

/** One account's unread counts changed: its sidebar is out of date. */
export const UnreadChanged = lazySchema(() => z.object({ accountId: z.string() }));

/** The message-related events of one account, as its one queue delivered them. */
export const MessageEvents = lazySchema(() =>
  z.object({
    accountId: z.string(),
    events: z.array(z.looseObject({ type: z.string() })),
    /** The `message` events carry each message as messages.fetch would return it. */
    asFetched: z.boolean().optional(),
  }),
);

/** Wire shapes of the unified Inbox and Recent conversations. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));
const streamId = lazySchema(() => z.number().int().positive());
const userIds = lazySchema(() => z.array(z.number().int()).max(100));

/** 0 inherit from the channel, 1 muted, 2 unmuted, 3 followed (the server's user topics). */
export const VisibilityPolicyWire = lazySchema(() =>
  z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
);

/** One conversation an action applies to. */
export const ConversationTarget = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('topic'), streamId, topic: z.string().max(600) }).strict(),
    z.object({ kind: z.literal('channel'), streamId }).strict(),
    z.object({ kind: z.literal('dm'), userIds }).strict(),
  ]),
);
export type ConversationTarget = z.infer<typeof ConversationTarget>;

export const InboxTopicWire = lazySchema(() =>
  z.object({
    name: z.string(),
    unread: z.number().int().nonnegative(),
    mentions: z.number().int().nonnegative(),
    policy: VisibilityPolicyWire,
    /** Hidden by muting (the topic's, or its channel's without an unmute or follow). */
    muted: z.boolean(),
    /** The newest unread message: where "open" lands when the first unread is gone. */
    newestId: z.number().int(),
  }),
);
export type InboxTopicWire = z.infer<typeof InboxTopicWire>;

export const InboxChannelWire = lazySchema(() =>
  z.object({
    streamId,
    name: z.string(),
    color: z.string(),
    muted: z.boolean(),
    topics: z.array(InboxTopicWire),
  }),
);
export type InboxChannelWire = z.infer<typeof InboxChannelWire>;

export const InboxDmWire = lazySchema(() =>
  z.object({
    userIds,
    names: z.array(z.string()),
    unread: z.number().int().nonnegative(),
    mentions: z.number().int().nonnegative(),
    newestId: z.number().int(),
  }),
);
export type InboxDmWire = z.infer<typeof InboxDmWire>;

/**
 * How current an organization's rows are: `live` while its queue polls; otherwise the rows
 * are the last known ones (stale) and `problem` says why.
 */
export const OrgConnectionWire = lazySchema(() =>
  z.enum(['live', 'connecting', 'unreachable', 'signed-out']),
);

/** What a queued mark-read covers: one conversation, or the whole organization. */
export const PendingReadTarget = lazySchema(() =>
  z.union([ConversationTarget, z.object({ kind: z.literal('all') }).strict()]),
);
export type PendingReadTarget = z.infer<typeof PendingReadTarget>;

/** A mark-read the server has not confirmed yet, or that it refused. */
export const PendingReadWire = lazySchema(() =>
  z.object({
    id: z.number().int(),
    target: PendingReadTarget,
    label: z.string(),
    state: z.enum(['queued', 'sending', 'failed']),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
);
export type PendingReadWire = z.infer<typeof PendingReadWire>;

export const InboxAccountWire = lazySchema(() =>
  z.object({
    accountId,
    connection: OrgConnectionWire,
    /** The rows are the last known ones, not the server's present state. */
    stale: z.boolean(),
    /** When the rows were last live (ms since epoch); absent if they never were. */
    liveAt: z.number().optional(),
    /**
     * The rows are the copy saved on this computer at this time (ms since epoch), the server
     * not heard from yet in this run (docs/architecture.md, "The cache on disk").
     */
    savedAt: z.number().optional(),
    /** Out of reach: the first failure after the server last answered (ms since epoch). */
    offlineSince: z.number().optional(),
    problem: z.string().optional(),
    channels: z.array(InboxChannelWire),
    dms: z.array(InboxDmWire),
    pending: z.array(PendingReadWire),
    /** The last change pushed for the account when this was taken (see InboxPatchWire). */
    seq: z.number().int().optional(),
  }),
);
export type InboxAccountWire = z.infer<typeof InboxAccountWire>;

/**
 * What changed in one organization's Inbox, not all of it (docs/architecture.md "Pushed
 * topics"): a small change costs the page a few bytes, whatever the Inbox's size. Rows are
 * keyed (src/contract/inbox-patch.ts says how); an upsert carries the whole row, so applying a
 * patch twice does no harm. `seq` counts the account's patches: a renderer that sees one missing
 * asks for the whole Inbox again.
 */
export const InboxRowWire = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('channel'), channel: InboxChannelWire.omit({ topics: true }) }),
    z.object({ kind: z.literal('topic'), streamId, topic: InboxTopicWire }),
    z.object({ kind: z.literal('dm'), dm: InboxDmWire }),
  ]),
);
export type InboxRowWire = z.infer<typeof InboxRowWire>;

export const InboxPatchWire = lazySchema(() =>
  z.object({
    accountId,
    seq: z.number().int(),
    head: InboxAccountWire.omit({ channels: true, dms: true, seq: true }),
    upsert: z.array(InboxRowWire),
    remove: z.array(z.string()),
  }),
);
export type InboxPatchWire = z.infer<typeof InboxPatchWire>;

export const InboxSnapshot = lazySchema(() => z.object({ accounts: z.array(InboxAccountWire) }));

export const RecentConversationWire = lazySchema(() =>
  z.object({
    /** `s:<stream id>:<topic key>` or `d:<user ids>`: unique within the account. */
    key: z.string(),
    target: ConversationTarget,
    /** The channel's name for a topic. */
    channel: z.string().optional(),
    color: z.string().optional(),
    topic: z.string().optional(),
    /** The participants, most recent sender first. */
    participants: z.array(z.string()),
    lastMessageId: z.number().int(),
    /** Seconds since epoch, as the server stamps messages. */
    lastActivity: z.number(),
    unread: z.number().int().nonnegative(),
    mentions: z.number().int().nonnegative(),
    policy: VisibilityPolicyWire,
    muted: z.boolean(),
  }),
);
export type RecentConversationWire = z.infer<typeof RecentConversationWire>;

export const RecentAccountWire = lazySchema(() =>
  z.object({
    accountId,
    connection: OrgConnectionWire,
    stale: z.boolean(),
    problem: z.string().optional(),
    conversations: z.array(RecentConversationWire),
    seq: z.number().int().optional(),
  }),
);
export type RecentAccountWire = z.infer<typeof RecentAccountWire>;

/** What changed in one organization's Recent conversations, keyed by `key` (as InboxPatchWire). */
export const RecentPatchWire = lazySchema(() =>
  z.object({
    accountId,
    seq: z.number().int(),
    head: RecentAccountWire.omit({ conversations: true, seq: true }),
    upsert: z.array(RecentConversationWire),
    remove: z.array(z.string()),
  }),
);
export type RecentPatchWire = z.infer<typeof RecentPatchWire>;

export const RecentSnapshot = lazySchema(() => z.object({ accounts: z.array(RecentAccountWire) }));

export const MarkConversationReadArgs = lazySchema(() =>
  z.object({ accountId, target: ConversationTarget }).strict(),
);
export const TopicPolicyArgs = lazySchema(() =>
  z
    .object({ accountId, streamId, topic: z.string().max(600), policy: VisibilityPolicyWire })
    .strict(),
);
export const TopicStateArgs = lazySchema(() =>
  z.object({ accountId, streamId, topic: z.string().max(600) }).strict(),
);
/** A topic's visibility as the account's state has it: what the recipient bar's menu offers. */
export const TopicStateWire = lazySchema(() =>
  z.object({
    channel: z.string(),
    policy: VisibilityPolicyWire,
    muted: z.boolean(),
    channelMuted: z.boolean(),
  }),
);
export type TopicStateWire = z.infer<typeof TopicStateWire>;
export const MuteChannelArgs = lazySchema(() =>
  z.object({ accountId, streamId, muted: z.boolean() }).strict(),
);
export const DismissPendingArgs = lazySchema(() =>
  z.object({ accountId, id: z.number().int() }).strict(),
);
/** `queued`: the organization is out of reach; the request goes when it is back. */
export const MarkReadResult = lazySchema(() => z.object({ queued: z.boolean() }));

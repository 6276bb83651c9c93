/** Wire shapes of compose: who and where a message can go, topics, preview. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

export const ComposeArgs = lazySchema(() => z.object({ accountId }).strict());

export const DirectoryUser = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** Deactivated users are kept so old conversations still show their names. */
    active: z.boolean(),
    bot: z.boolean(),
  }),
);
export type DirectoryUser = z.infer<typeof DirectoryUser>;

export const DirectoryGroup = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    size: z.number().int(),
  }),
);
export type DirectoryGroup = z.infer<typeof DirectoryGroup>;

export const DirectoryChannel = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    subscribed: z.boolean(),
    /** Unknown on servers that do not count subscribers (before subscriber_count). */
    subscribers: z.number().int().nullable(),
  }),
);
export type DirectoryChannel = z.infer<typeof DirectoryChannel>;

/** Everyone and everything compose can address or mention, and the user's compose settings. */
export const ComposeDirectory = lazySchema(() =>
  z.object({
    users: z.array(DirectoryUser),
    groups: z.array(DirectoryGroup),
    channels: z.array(DirectoryChannel),
    /** The user's enter_sends setting: Enter sends (else Ctrl/Cmd+Enter does). */
    enterSends: z.boolean(),
    /** Whether the user may use @all-style wildcards in channels over the threshold. */
    mayMentionMany: z.boolean(),
  }),
);
export type ComposeDirectory = z.infer<typeof ComposeDirectory>;

export const TopicsArgs = lazySchema(() =>
  z.object({ accountId, streamId: z.number().int().positive() }).strict(),
);
/** A channel's topics, most recently active first. */
export const ChannelTopics = lazySchema(() => z.array(z.string()));

/** The preview is only ever of what compose can send, and never beyond the wire's cap. */
export const RenderArgs = lazySchema(() =>
  z.object({ accountId, content: z.string().min(1).max(1_000_000) }).strict(),
);
export const Rendered = lazySchema(() => z.object({ html: z.string() }));

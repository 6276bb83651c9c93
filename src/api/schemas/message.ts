/** Spec 2.2 Message and 2.3 reactions, with the fields docs/api-notes.md "Messages" adds. */
import { z } from 'zod';
import { integer, integerList, renamedFrom, stringList } from './common.ts';
import { editHistoryEntryShape, reactionShape } from '../../lib/wire/message.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const reactionTypeSchema = lazySchema(() =>
  z.enum(['unicode_emoji', 'realm_emoji', 'service_extra_emoji']),
);
export type ReactionType = z.infer<typeof reactionTypeSchema>;

export const reactionSchema = lazySchema(() => z.looseObject(reactionShape.shape));

export const editHistoryEntrySchema = lazySchema(() => z.looseObject(editHistoryEntryShape.shape));

export const directRecipientSchema = lazySchema(() =>
  z.looseObject({
    id: integer,
    email: z.string(),
    full_name: z.string(),
  }),
);

export const topicLinkSchema = lazySchema(() =>
  z.looseObject({ text: z.string(), url: z.string() }),
);

/** The message fields of a current server; a plain schema, so conforms.ts can compile it. */
export const messageSchema = lazySchema(() =>
  z.looseObject({
    id: integer,
    sender_id: integer,
    sender_email: z.string(),
    sender_full_name: z.string(),
    avatar_url: z.string().nullable(),
    client: z.string(),
    content: z.string(),
    content_type: z.string(),
    display_recipient: z.union([z.string(), z.array(directRecipientSchema)]),
    recipient_id: integer,
    type: z.enum(['stream', 'private']),
    stream_id: integer.optional(),
    subject: z.string(),
    topic_links: z.array(topicLinkSchema).optional(),
    timestamp: integer,
    is_me_message: z.boolean(),
    reactions: z.array(reactionSchema),
    submessages: z.array(z.unknown()).optional(),
    edit_history: z.array(editHistoryEntrySchema).optional(),
    last_edit_timestamp: integer.optional(),
    last_moved_timestamp: integer.optional(),
  }),
);
export type Message = z.infer<typeof messageSchema>;

/** In GET /messages each message carries its flags; in the `message` event they sit beside it. */
export const fetchedMessageSchema = lazySchema(() => messageSchema.extend({ flags: stringList }));
export type FetchedMessage = z.infer<typeof fetchedMessageSchema>;

/** Servers below this level may send a message in one of the older shapes below. */
export const CURRENT_MESSAGE_SHAPE_LEVEL = 118;

const currentEditEntry = renamedFrom('prev_subject', 'prev_topic');

/**
 * A message of any server in today's shape (spec section 9): an edit history entry said
 * `prev_subject` for `prev_topic` before FL 118, and a topic link was its URL alone before
 * FL 46. Anything else passes unchanged for the schema to judge.
 */
function currentMessageShape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const message = { ...(value as Record<string, unknown>) };
  const { topic_links: links, edit_history: history } = message;
  if (Array.isArray(links)) {
    message['topic_links'] = links.map((link: unknown) =>
      typeof link === 'string' ? { text: link, url: link } : link,
    );
  }
  if (Array.isArray(history)) message['edit_history'] = history.map(currentEditEntry);
  return message;
}

/** A message from a server of any level (the `message` event; GET /messages below 118). */
export const anyLevelMessageSchema = lazySchema(() =>
  z.preprocess(currentMessageShape, messageSchema),
);
export const anyLevelFetchedMessageSchema = lazySchema(() =>
  z.preprocess(currentMessageShape, fetchedMessageSchema),
);

export const getMessagesResponse = lazySchema(() =>
  z.looseObject({
    // Absent when message_ids was given. Not a safe integer for `newest`: servers of this kind
    // answer with a sentinel above every message id.
    anchor: z.number().optional(),
    found_newest: z.boolean().optional(),
    found_oldest: z.boolean().optional(),
    found_anchor: z.boolean().optional(),
    history_limited: z.boolean().optional(),
    messages: z.array(fetchedMessageSchema),
  }),
);
export type GetMessagesResponse = z.infer<typeof getMessagesResponse>;

/**
 * GET /messages of a server below CURRENT_MESSAGE_SHAPE_LEVEL. Not compilable (it rewrites
 * older shapes), so current servers keep the plain getMessagesResponse and its fast path.
 */
export const anyLevelGetMessagesResponse = lazySchema(() =>
  getMessagesResponse.extend({
    messages: z.array(anyLevelFetchedMessageSchema),
  }),
);

export const sendMessageResponse = lazySchema(() => z.looseObject({ id: integer }));
export const updateFlagsResponse = lazySchema(() => z.looseObject({ messages: integerList }));

/** Upstream GET /messages/{message_id}; the message object came at feature level 120. */
export const getMessageResponse = lazySchema(() =>
  z.looseObject({
    raw_content: z.string(),
    message: anyLevelFetchedMessageSchema.optional(),
  }),
);

/** Upstream POST /messages/flags/narrow (FL 155). */
export const updateFlagsForNarrowResponse = lazySchema(() =>
  z.looseObject({
    processed_count: integer,
    updated_count: integer,
    first_processed_id: integer.nullable(),
    last_processed_id: integer.nullable(),
    found_oldest: z.boolean(),
    found_newest: z.boolean(),
  }),
);

/** Spec 2.2 Message and 2.3 reactions, with the fields API-NOTES.md "Messages" adds. */
import { z } from 'zod';
import { integer, integerList, stringList } from './common.ts';

export const reactionTypeSchema = z.enum(['unicode_emoji', 'realm_emoji', 'service_extra_emoji']);
export type ReactionType = z.infer<typeof reactionTypeSchema>;

export const reactionSchema = z.looseObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
  user_id: integer,
});

export const editHistoryEntrySchema = z.looseObject({
  user_id: integer.nullable(),
  timestamp: integer,
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_stream: integer.optional(),
  stream: integer.optional(),
  prev_topic: z.string().optional(),
  topic: z.string().optional(),
});

export const directRecipientSchema = z.looseObject({
  id: integer,
  email: z.string(),
  full_name: z.string(),
});

export const messageSchema = z.looseObject({
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
  topic_links: z.array(z.looseObject({ text: z.string(), url: z.string() })).optional(),
  timestamp: integer,
  is_me_message: z.boolean(),
  reactions: z.array(reactionSchema),
  submessages: z.array(z.unknown()).optional(),
  edit_history: z.array(editHistoryEntrySchema).optional(),
  last_edit_timestamp: integer.optional(),
  last_moved_timestamp: integer.optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** In GET /messages each message carries its flags; in the `message` event they sit beside it. */
export const fetchedMessageSchema = messageSchema.extend({ flags: stringList });
export type FetchedMessage = z.infer<typeof fetchedMessageSchema>;

export const getMessagesResponse = z.looseObject({
  // Absent when message_ids was given. Not a safe integer for `newest`: servers of this kind
  // answer with a sentinel above every message id.
  anchor: z.number().optional(),
  found_newest: z.boolean().optional(),
  found_oldest: z.boolean().optional(),
  found_anchor: z.boolean().optional(),
  history_limited: z.boolean().optional(),
  messages: z.array(fetchedMessageSchema),
});
export type GetMessagesResponse = z.infer<typeof getMessagesResponse>;

export const sendMessageResponse = z.looseObject({ id: integer });
export const updateFlagsResponse = z.looseObject({ messages: integerList });

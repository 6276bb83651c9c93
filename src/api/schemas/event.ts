/**
 * Events of GET /events (spec section 6, docs/api-notes.md "Events") as a discriminated
 * union on `type`. An event type this client does not model becomes the `unknown` variant,
 * never an error; a modelled type with a broken payload is an error naming the field.
 */
import { z } from 'zod';
import { compile, plainWhen, type Check } from '../conforms.ts';
import { integer, integerList, renamedFrom, stringList } from './common.ts';
import { channelFolderSchema } from './channel-folder.ts';
import { anyLevelMessageSchema, messageSchema } from './message.ts';
import { presenceEvent, userStatusEvent } from './presence.ts';
import { mutedTopicSchema } from './register.ts';
import { savedSnippetSchema } from './saved-snippet.ts';
import { subscriptionSchema } from './subscription.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const base = { id: integer };
// null: twenty_four_hour_time's "the locale's format" (FL 408).
const settingValue = lazySchema(() => z.union([z.boolean(), z.number(), z.string(), z.null()]));

const messageEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('message'),
    message: anyLevelMessageSchema,
    flags: stringList,
  }),
);

const updateMessageEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('update_message'),
    // user_id, rendering_only and edit_timestamp are always sent since FL 114; before, an
    // update of the rendering alone came without them.
    user_id: integer.nullable().default(null),
    rendering_only: z.boolean().default(false),
    message_id: integer,
    message_ids: integerList,
    flags: stringList,
    edit_timestamp: integer.optional(),
    stream_id: integer.optional(),
    new_stream_id: integer.optional(),
    propagate_mode: z.string().optional(),
    orig_subject: z.string().optional(),
    subject: z.string().optional(),
    orig_content: z.string().optional(),
    orig_rendered_content: z.string().optional(),
    content: z.string().optional(),
    rendered_content: z.string().optional(),
    is_me_message: z.boolean().optional(),
  }),
);

const deleteMessageEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('delete_message'),
    message_type: z.enum(['stream', 'private']),
    // message_ids with the bulk_message_deletion capability, message_id without.
    message_ids: integerList.optional(),
    message_id: integer.optional(),
    stream_id: integer.optional(),
    topic: z.string().optional(),
  }),
);

const reactionEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('reaction'),
    op: z.enum(['add', 'remove']),
    message_id: integer,
    emoji_name: z.string(),
    emoji_code: z.string(),
    reaction_type: z.string(),
    user_id: integer,
  }),
);

const subscriptionEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('subscription'),
    op: z.string(),
    // add: full objects; remove: only stream_id and name.
    subscriptions: z
      .array(z.union([subscriptionSchema, z.looseObject({ stream_id: integer, name: z.string() })]))
      .optional(),
    stream_id: integer.optional(),
    property: z.string().optional(),
    value: z.unknown().optional(),
    stream_ids: integerList.optional(),
    user_ids: integerList.optional(),
  }),
);

const messageDetailSchema = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    mentioned: z.boolean().optional(),
    user_ids: integerList.optional(),
    stream_id: integer.optional(),
    topic: z.string().optional(),
  }),
);

const updateMessageFlagsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('update_message_flags'),
    op: z.enum(['add', 'remove']),
    flag: z.string(),
    messages: integerList,
    // Deprecated: servers may leave it out.
    all: z.boolean().default(false),
    message_details: z.record(z.string(), messageDetailSchema).optional(),
  }),
);

const userTopicEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('user_topic'),
    stream_id: integer,
    topic_name: z.string(),
    last_updated: integer,
    visibility_policy: integer,
  }),
);

// Before FL 134: the whole list after every change, in the register's muted_topics form.
const mutedTopicsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('muted_topics'),
    muted_topics: z.array(mutedTopicSchema),
  }),
);

const userSettingsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('user_settings'),
    op: z.literal('update'),
    property: z.string(),
    value: settingValue,
    language_name: z.string().optional(),
  }),
);

// Before FL 89 a setting change came as one of these two, each naming the setting its own way.
const updateDisplaySettingsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('update_display_settings'),
    setting_name: z.string(),
    setting: settingValue,
    language_name: z.string().optional(),
  }),
);

const updateGlobalNotificationsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('update_global_notifications'),
    notification_name: z.string(),
    setting: settingValue,
  }),
);

const realmUserSettingsDefaultsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('realm_user_settings_defaults'),
    op: z.literal('update'),
    property: z.string(),
    value: settingValue,
  }),
);

const realmUserEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('realm_user'),
    op: z.string(),
    // The forms of spec section 6 differ only in which fields accompany user_id.
    person: z.looseObject({ user_id: integer }),
  }),
);

const channelFolderEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('channel_folder'),
    op: z.string(),
    channel_folder: channelFolderSchema.optional(),
    channel_folder_id: integer.optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
);

const savedSnippetsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('saved_snippets'),
    op: z.string(),
    saved_snippet: savedSnippetSchema.optional(),
    saved_snippet_id: integer.optional(),
  }),
);

const alertWordsEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('alert_words'),
    alert_words: stringList,
  }),
);

const hasVideoproviderTokenEvent = lazySchema(() =>
  z.looseObject({
    ...base,
    type: z.literal('has_videoprovider_token'),
    value: z.boolean(),
  }),
);

const heartbeatEvent = lazySchema(() => z.looseObject({ ...base, type: z.literal('heartbeat') }));

const knownEventSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    messageEvent,
    updateMessageEvent,
    deleteMessageEvent,
    reactionEvent,
    subscriptionEvent,
    updateMessageFlagsEvent,
    userTopicEvent,
    mutedTopicsEvent,
    userSettingsEvent,
    updateDisplaySettingsEvent,
    updateGlobalNotificationsEvent,
    realmUserSettingsDefaultsEvent,
    realmUserEvent,
    channelFolderEvent,
    savedSnippetsEvent,
    alertWordsEvent,
    hasVideoproviderTokenEvent,
    presenceEvent.extend(base),
    userStatusEvent.extend(base),
    heartbeatEvent,
  ]),
);
export type KnownEvent = z.infer<typeof knownEventSchema>;

/** An event of a type this client does not model, passed through untouched. */
export interface UnknownEvent {
  id: number;
  type: 'unknown';
  /** The `type` the server sent. */
  eventType: string;
  payload: Record<string, unknown>;
}

export type ServerEvent = KnownEvent | UnknownEvent;

/** Made with the first event: it builds every event's schema (src/lib/lazy-schema.ts). */
let knownTypesMade: Set<string> | undefined;
const knownTypes = () =>
  (knownTypesMade ??= new Set(knownEventSchema.options.map((o) => o.shape.type.value)));

const eventHeader = lazySchema(() => z.looseObject({ id: integer, type: z.string() }));

/** Fields an older server sends under a former name, by event type (spec section 9). */
const currentNames: Partial<Record<string, (event: unknown) => unknown>> = {
  // `op` was `operation` before FL 32.
  update_message_flags: renamedFrom('operation', 'op'),
};

/**
 * Each known type's schema compiled to a plain predicate where it has no transforms
 * (conforms.ts): an event it accepts is kept as parsed, which spares zod's copy of every
 * message event of every account's long-poll. Compiled when the type first arrives.
 */
const fastChecks = new Map<string, Check | undefined>();
export function fastCheckOf(type: string): Check | undefined {
  if (!fastChecks.has(type)) {
    const member =
      plainVariants[type] ?? knownEventSchema.options.find((o) => o.shape.type.value === type);
    fastChecks.set(type, member && compile(member));
  }
  return fastChecks.get(type);
}

function hasEditHistory(event: unknown): boolean {
  const message = (event as { message?: unknown }).message;
  return typeof message === 'object' && message !== null && 'edit_history' in message;
}

/**
 * The most frequent events in today's shape, as plain schemas: what these accept, the full
 * schema would give back unchanged. A message with an edit history is left to the full
 * schema, which renames an older server's `prev_subject` (message.ts).
 */
const plainVariants: Partial<Record<string, z.ZodType>> = {
  message: lazySchema(() => messageEvent.extend({ message: messageSchema })),
  update_message_flags: lazySchema(() => updateMessageFlagsEvent.extend({ all: z.boolean() })),
};

export const eventSchema: z.ZodType<ServerEvent> = lazySchema(() =>
  eventHeader.transform((event, ctx) => {
    if (!knownTypes().has(event.type)) {
      return { id: event.id, type: 'unknown', eventType: event.type, payload: event };
    }
    const current = currentNames[event.type]?.(event) ?? event;
    if (!hasEditHistory(current) && fastCheckOf(event.type)?.(current)) {
      return current as KnownEvent;
    }
    const parsed = knownEventSchema.safeParse(current);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.issues.push({ ...issue, input: event } as z.core.$ZodRawIssue);
    }
    return z.NEVER;
  }),
);

export const getEventsResponse = lazySchema(() =>
  z.looseObject({
    events: z.array(eventSchema),
    queue_id: z.string().optional(),
  }),
);
export type GetEventsResponse = z.infer<typeof getEventsResponse>;

/**
 * An event the transform above gives back as it came: a known type in today's shape, under
 * today's names, that its plain schema accepts.
 */
function plainEvent(event: unknown): boolean {
  if (!headerCheck()(event)) return false;
  const type = (event as { type: string }).type;
  if (!knownTypes().has(type) || hasEditHistory(event)) return false;
  if ((currentNames[type]?.(event) ?? event) !== event) return false;
  return fastCheckOf(type)?.(event) === true;
}

let headerChecked: Check | undefined;
const headerCheck = () => (headerChecked ??= compile(eventHeader) ?? (() => false));

/**
 * A long-poll's answer whose every event is plain is kept as parsed: zod's copy of the
 * answer, of each event and of its header is the same body again, and every account's poll
 * brings one for each arriving message (bench/README.md, `background`).
 */
plainWhen(getEventsResponse, (body) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  if (Object.hasOwn(body, '__proto__')) return false;
  const { events, queue_id } = body as { events?: unknown; queue_id?: unknown };
  if (queue_id !== undefined && typeof queue_id !== 'string') return false;
  return Array.isArray(events) && events.every(plainEvent);
});

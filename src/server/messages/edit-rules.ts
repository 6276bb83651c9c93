/**
 * Who may edit, move and delete which message, and until when: upstream's organization
 * settings (allow_message_editing, the edit, move and delete time limits and the group
 * settings) with upstream's refusals, word for word.
 */
import { ApiError, badRequest } from '../http/errors.ts';
import type { ServerState } from '../state/state.ts';
import { ROLE, type UserRecord } from '../state/types.ts';
import type { StoredMessage } from './types.ts';

/** Upstream lets an edit through this long after the limit, for the time the request took. */
const GRACE_SECONDS = 20;

/** Upstream's resolved-topic prefix: a check mark and a space. */
export const RESOLVED_PREFIX = '✔ ';

function inGroup(state: ServerState, user: UserRecord, groupId: number): boolean {
  return state.groupMembers(groupId).has(user.user_id);
}

function pastLimit(limit: number | null, message: StoredMessage, now: number): boolean {
  return limit !== null && now - message.timestamp > limit + GRACE_SECONDS;
}

/** Administrators and moderators move messages without the time limits. */
function moderates(user: UserRecord): boolean {
  return user.role <= ROLE.moderator;
}

/** Whether renaming `from` to `to` only resolves or unresolves the topic. */
export function isResolveOnly(from: string, to: string): boolean {
  return to === RESOLVED_PREFIX + from || from === RESOLVED_PREFIX + to;
}

export function checkContentEdit(
  state: ServerState,
  user: UserRecord,
  message: StoredMessage,
  now: number,
): void {
  const rules = state.realm.message_edit;
  if (!rules.allow_message_editing)
    throw badRequest('Your organization has turned off message editing');
  if (message.sender_id !== user.user_id)
    throw badRequest("You don't have permission to edit this message");
  if (pastLimit(rules.message_content_edit_limit_seconds, message, now))
    throw badRequest('The time limit for editing this message has past');
}

export function checkTopicEdit(
  state: ServerState,
  user: UserRecord,
  message: StoredMessage,
  newTopic: string,
  now: number,
): void {
  const rules = state.realm.message_edit;
  const resolving = isResolveOnly(message.topic, newTopic);
  const group = resolving
    ? rules.can_resolve_topics_group
    : rules.can_move_messages_between_topics_group;
  if (!inGroup(state, user, group))
    throw badRequest("You don't have permission to edit this message");
  if (!resolving && !moderates(user)) {
    if (pastLimit(rules.move_messages_within_stream_limit_seconds, message, now))
      throw badRequest("The time limit for editing this message's topic has passed.");
  }
}

export function checkChannelMove(
  state: ServerState,
  user: UserRecord,
  message: StoredMessage,
  now: number,
): void {
  const rules = state.realm.message_edit;
  if (!inGroup(state, user, rules.can_move_messages_between_channels_group))
    throw badRequest("You don't have permission to move this message");
  if (
    !moderates(user) &&
    pastLimit(rules.move_messages_between_streams_limit_seconds, message, now)
  )
    throw badRequest("The time limit for editing this message's channel has passed.");
}

/**
 * With change_later or change_all, every message moved must be within the move limits; if
 * some are not, upstream answers how many of the topic's newest messages the user may move.
 */
export function checkMoveLimits(
  state: ServerState,
  user: UserRecord,
  moving: readonly StoredMessage[],
  channelMove: boolean,
  resolveOnly: boolean,
  now: number,
): void {
  if (moderates(user) || resolveOnly || moving.length <= 1) return;
  const rules = state.realm.message_edit;
  const limits = [
    channelMove ? rules.move_messages_between_streams_limit_seconds : null,
    rules.move_messages_within_stream_limit_seconds,
  ];
  const allowed = moving.filter((m) => !limits.some((l) => pastLimit(l, m, now)));
  if (allowed.length === moving.length) return;
  throw new ApiError(
    'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
    `You only have permission to move the ${allowed.length}/${moving.length} most recent messages in this topic.`,
    {
      first_message_id_allowed_to_move: allowed[0]?.id ?? null,
      total_messages_in_topic: moving.length,
      total_messages_allowed_to_move: allowed.length,
    },
  );
}

export function checkDelete(
  state: ServerState,
  user: UserRecord,
  message: StoredMessage,
  now: number,
): void {
  const rules = state.realm.message_edit;
  if (inGroup(state, user, rules.can_delete_any_message_group)) return;
  const own = message.sender_id === user.user_id;
  if (!own || !inGroup(state, user, rules.can_delete_own_message_group))
    throw badRequest("You don't have permission to delete this message");
  if (pastLimit(rules.message_content_delete_limit_seconds, message, now))
    throw badRequest('The time limit for deleting this message has passed');
}

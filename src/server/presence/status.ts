/**
 * User status (upstream's UserStatus): a short text and an emoji per user. Since FL 148
 * the deprecated `away` flag is no longer stored: it reads and writes `!presence_enabled`.
 */
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import { resolveEmoji } from '../messages/emoji.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';

export interface StatusRecord {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  /** Only before FL 148, when "away" was part of the status. */
  away: boolean;
}

export const STATUS_TEXT_LIMIT = 60;
/** Emoji in statuses are new in FL 86. */
export const STATUS_EMOJI_LEVEL = 86;
/** From this level `away` is `!presence_enabled`. */
export const AWAY_IS_PRESENCE_LEVEL = 148;

const stores = new WeakMap<ServerState, Map<number, StatusRecord>>();

export function statusesOf(state: ServerState): Map<number, StatusRecord> {
  let store = stores.get(state);
  if (!store) {
    store = new Map();
    stores.set(state, store);
  }
  return store;
}

function isAway(state: ServerState, user: UserRecord): boolean {
  if (state.featureLevel >= AWAY_IS_PRESENCE_LEVEL) return user.settings.presence_enabled === false;
  return statusesOf(state).get(user.user_id)?.away ?? false;
}

/** Upstream's UserStatus object: only the fields that are set (empty object for none). */
export function presentStatus(state: ServerState, user: UserRecord): Record<string, unknown> {
  const s = statusesOf(state).get(user.user_id);
  const out: Record<string, unknown> = {};
  if (isAway(state, user)) out.away = true;
  if (s?.status_text) out.status_text = s.status_text;
  if (s?.emoji_name && state.featureLevel >= STATUS_EMOJI_LEVEL) {
    out.emoji_name = s.emoji_name;
    out.emoji_code = s.emoji_code;
    out.reaction_type = s.reaction_type;
  }
  return out;
}

/** register's `user_status`: the users who have any status, keyed by id. */
export function allStatuses(state: ServerState): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const user of state.users.values()) {
    if (!user.is_active) continue;
    const s = presentStatus(state, user);
    if (Object.keys(s).length > 0) out[String(user.user_id)] = s;
  }
  return out;
}

export interface StatusChange {
  away?: boolean;
  status_text?: string;
  emoji?: { emoji_name: string; emoji_code: string; reaction_type: string };
}

/** Reads and checks POST /users/me/status (and the admin variant, without `away`). */
export function readStatusChange(
  state: ServerState,
  params: Params,
  allowAway: boolean,
): StatusChange {
  const text = params.optString('status_text')?.trim();
  const away = allowAway ? params.optBool('away') : undefined;
  const withEmoji = state.featureLevel >= STATUS_EMOJI_LEVEL;
  const name = withEmoji ? params.optString('emoji_name') : undefined;
  const code = withEmoji ? params.optString('emoji_code') : undefined;
  const type = withEmoji ? params.optString('reaction_type') : undefined;
  if (away === undefined && text === undefined && name === undefined)
    throw badRequest('Client did not pass any new values.');
  if (text !== undefined && [...text].length > STATUS_TEXT_LIMIT)
    throw badRequest(`status_text is too long (limit: ${STATUS_TEXT_LIMIT} characters)`);
  const change: StatusChange = {};
  if (away !== undefined) change.away = away;
  if (text !== undefined) change.status_text = text;
  if (name === '') change.emoji = { emoji_name: '', emoji_code: '', reaction_type: '' };
  else if (name !== undefined) {
    const check = resolveEmoji(state, { name, code, type });
    if ('error' in check) throw badRequest(check.error);
    change.emoji = check.ok;
  } else if (code !== undefined || type !== undefined) {
    throw badRequest(
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    );
  }
  return change;
}

/** Stores a change and tells every active user, with only the fields that changed. */
export function applyStatusChange(
  ctx: ServerContext,
  user: UserRecord,
  change: StatusChange,
): void {
  const { state } = ctx;
  const store = statusesOf(state);
  const s = store.get(user.user_id) ?? {
    status_text: '',
    emoji_name: '',
    emoji_code: '',
    reaction_type: '',
    away: false,
  };
  if (change.status_text !== undefined) s.status_text = change.status_text;
  if (change.emoji) Object.assign(s, change.emoji);
  if (change.away !== undefined && state.featureLevel < AWAY_IS_PRESENCE_LEVEL)
    s.away = change.away;
  if (s.status_text || s.emoji_name || s.away) store.set(user.user_id, s);
  else store.delete(user.user_id);

  const event: Record<string, unknown> = { type: 'user_status', user_id: user.user_id };
  if (change.away !== undefined) event.away = change.away;
  if (change.status_text !== undefined) event.status_text = change.status_text;
  if (change.emoji) Object.assign(event, change.emoji);
  ctx.events.emit(state.activeUserIds(), event);
}

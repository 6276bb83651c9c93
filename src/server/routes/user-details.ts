/**
 * The name and custom-profile-field parts of upstream's update-user (PATCH /users/{user_id}):
 * each is read and checked whole before anything changes, then applied with upstream's
 * realm_user update events (spec 3, "realm_user": the custom profile field form; the
 * full_name form upstream sends as `person: {user_id, full_name}`).
 */
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { presentProfileData } from '../state/present.ts';
import type { ServerState } from '../state/state.ts';
import type { ProfileFieldRecord, UserRecord } from '../state/types.ts';

/** Upstream's UserProfile.MIN_NAME_LENGTH and MAX_NAME_LENGTH. */
const MIN_NAME = 2;
const MAX_NAME = 100;
/** Upstream's NAME_INVALID_CHARS, and control characters, which no name holds. */
const INVALID_NAME = /[*`\\>"@\p{Cc}]/u;
/** Upstream's check_short_string and check_long_string limits for text fields. */
const SHORT_TEXT_LIMIT = 50;
const LONG_TEXT_LIMIT = 500;

const TYPE = {
  shortText: 1,
  longText: 2,
  select: 3,
  date: 4,
  link: 5,
  users: 6,
  external: 7,
  pronouns: 8,
} as const;

/**
 * Upstream's check_full_name: trimmed, 2 to 100 characters, none of its reserved
 * characters, and no `|<digits>` ending (the mention syntax for ambiguous names).
 */
export function checkFullName(raw: string): string {
  const name = raw.trim();
  const length = [...name].length;
  if (length > MAX_NAME) throw badRequest('Name too long!');
  if (length < MIN_NAME) throw badRequest('Name too short!');
  if (INVALID_NAME.test(name)) throw badRequest('Invalid characters in name!');
  if (/\|\d+$/.test(raw)) throw badRequest('Invalid format!');
  return name;
}

/** A change to one field: a value to store, or null to clear it. */
export interface ProfileChange {
  field: ProfileFieldRecord;
  value: string | null;
}

/**
 * Upstream's profile_data: a list of `{id, value}`; an empty or null value clears the
 * field, any other is checked by the field's type (upstream's validators and words).
 */
export function readProfileChanges(state: ServerState, raw: unknown): ProfileChange[] {
  if (!Array.isArray(raw)) throw badRequest('profile_data is not a list');
  return raw.map((entry: unknown, i) => {
    const e = entry as { id?: unknown; value?: unknown } | null;
    if (typeof e !== 'object' || e === null || typeof e.id !== 'number')
      throw badRequest(`profile_data[${i}] is missing an id`);
    const field = state.profileFields.get(e.id);
    if (!field) throw badRequest(`Field id ${e.id} not found.`);
    const empty =
      e.value === null || e.value === '' || (Array.isArray(e.value) && e.value.length === 0);
    return { field, value: empty ? null : checkValue(state, field, e.value) };
  });
}

function checkValue(state: ServerState, field: ProfileFieldRecord, value: unknown): string {
  const name = field.name;
  if (field.field_type === TYPE.users) {
    if (!Array.isArray(value) || !value.every((id) => Number.isInteger(id)))
      throw badRequest(`${name} is not a list`);
    for (const id of value as number[]) {
      const u = state.users.get(id);
      if (!u || !u.is_active) throw badRequest(`Invalid user ID: ${id}`);
    }
    return JSON.stringify(value);
  }
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
  switch (field.field_type) {
    case TYPE.longText:
      if ([...value].length > LONG_TEXT_LIMIT)
        throw badRequest(`${name} is too long (limit: ${LONG_TEXT_LIMIT} characters)`);
      return value;
    case TYPE.select:
      if (!Object.hasOwn(field.field_data, value))
        throw badRequest(`'${value}' is not a valid choice for '${name}'.`);
      return value;
    case TYPE.date:
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
        throw badRequest(`${name} is not a date`);
      return value;
    case TYPE.link:
      if (!isUrl(value)) throw badRequest(`${name} is not a URL`);
      return value;
    default:
      if ([...value].length > SHORT_TEXT_LIMIT)
        throw badRequest(`${name} is too long (limit: ${SHORT_TEXT_LIMIT} characters)`);
      return value;
  }
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Renames the person and tells everyone, as upstream's do_change_full_name. */
export function applyFullName(ctx: ServerContext, target: UserRecord, name: string): void {
  if (name === target.full_name) return;
  target.full_name = name;
  const { state } = ctx;
  ctx.events.emit(state.activeUserIds(), {
    type: 'realm_user',
    op: 'update',
    person: { user_id: target.user_id, full_name: name },
  });
  if (target.is_bot) {
    const audience = state
      .activeUsers()
      .filter((u) => state.isAdmin(u) || u.user_id === target.bot_owner_id)
      .map((u) => u.user_id);
    ctx.events.emit(audience, {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: target.user_id, full_name: name },
    });
  }
}

/**
 * Stores the values that differ and announces each one, with rendered_value for the
 * Markdown types (upstream's notify_user_update_custom_profile_data).
 */
export function applyProfileChanges(
  ctx: ServerContext,
  target: UserRecord,
  changes: readonly ProfileChange[],
): void {
  const { state } = ctx;
  for (const { field, value } of changes) {
    const before = target.profile_data.get(field.id) ?? null;
    if (before === value) continue;
    if (value === null) target.profile_data.delete(field.id);
    else target.profile_data.set(field.id, value);
    const shown = value === null ? undefined : presentProfileData(state, target)[String(field.id)];
    ctx.events.emit(state.activeUserIds(), {
      type: 'realm_user',
      op: 'update',
      person: {
        user_id: target.user_id,
        custom_profile_field: {
          id: field.id,
          value,
          ...(shown?.rendered_value !== undefined ? { rendered_value: shown.rendered_value } : {}),
        },
      },
    });
  }
}

/**
 * The `to` of POST /messages: a channel by name or id for channel messages, users by id
 * or API email for direct ones, in the several encodings clients send.
 */
import { ApiError, badRequest } from '../http/errors.ts';
import type { ServerState } from '../state/state.ts';
import type { ChannelRecord, UserRecord } from '../state/types.ts';

function parseLoose(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A record named by id (a number) or by name (a string); anything else names nothing. */
function byIdOrName<T>(
  value: unknown,
  byId: (id: number) => T | undefined,
  byName: (name: string) => T | undefined,
): T | undefined {
  if (typeof value === 'number') return byId(value);
  return typeof value === 'string' ? byName(value) : undefined;
}

export function channelRecipient(state: ServerState, raw: string): ChannelRecord {
  let value = parseLoose(raw);
  if (Array.isArray(value) && value.length === 1) value = value[0];
  const channel = byIdOrName(
    value,
    (id) => state.channels.get(id),
    (name) => state.channelByName(name),
  );
  if (!channel) {
    const name = typeof value === 'string' || typeof value === 'number' ? String(value) : raw;
    throw new ApiError('STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, {
      stream: name,
    });
  }
  return channel;
}

export function directRecipients(state: ServerState, raw: string): UserRecord[] {
  const value = parseLoose(raw);
  const items: unknown[] = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [value];
  if (items.length === 0) throw badRequest('Message must have recipients');
  return items.map((item) => {
    const user = byIdOrName(
      item,
      (id) => state.users.get(id),
      (email) => state.userByEmail(email),
    );
    if (!user) {
      throw badRequest(
        typeof item === 'number' ? `Invalid user ID ${item}` : `Invalid email '${String(item)}'`,
      );
    }
    if (!user.is_active) throw badRequest(`'${user.email}' is no longer using the service.`);
    return user;
  });
}

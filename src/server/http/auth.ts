/** HTTP Basic authentication with API email and API key (spec section 5). */
import { timingSafeEqual } from 'node:crypto';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import { ApiError } from './errors.ts';

export function realmDeactivated(): ApiError {
  return new ApiError('REALM_DEACTIVATED', 'This organization has been deactivated');
}

export function userDeactivated(): ApiError {
  return new ApiError('USER_DEACTIVATED', 'Account is deactivated');
}

/** Checks the Authorization header; the error never echoes the key. */
export function authenticate(state: ServerState, header: string | undefined): UserRecord {
  if (!header) throw new ApiError('UNAUTHORIZED', "Missing 'Authorization' header");
  const match = /^Basic\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1])
    throw new ApiError('UNAUTHORIZED', 'This endpoint requires HTTP basic authentication');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0)
    throw new ApiError('UNAUTHORIZED', 'This endpoint requires HTTP basic authentication');
  const email = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  if (state.realm.deactivated) throw realmDeactivated();
  const user = state.userByEmail(email);
  if (!user || !sameSecret(user.api_key, key))
    throw new ApiError('INVALID_API_KEY', 'Invalid API key');
  if (!user.is_active) throw userDeactivated();
  return user;
}

/** Constant-time, so a caller cannot learn a key or password byte by byte. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

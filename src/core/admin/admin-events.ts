/**
 * Which of the admin console's lists an account's queue events touch. Another
 * administrator's change (or this user's in another session) arrives as one of these
 * events; the panels showing that list reload, so nobody edits from a stale copy.
 */
import type { ServerEvent } from '../../api/schemas/event.ts';
import type { AdminKind } from '../../contract/schemas/admin-edit.ts';

/** The kinds each event type touches, whatever its op. */
const KINDS_OF_TYPE: Readonly<Record<string, readonly AdminKind[]>> = {
  custom_profile_fields: ['profileFields', 'people'],
  realm_linkifiers: ['linkifiers'],
  saved_snippets: ['snippets'],
  channel_folder: ['folders', 'channels'],
  // Role, activation, names and profile values; deactivation also empties groups.
  realm_user: ['people', 'groups'],
  realm_bot: ['people', 'bots'],
  user_group: ['groups'],
  stream: ['channels'],
  invites_changed: ['invites'],
  realm_user_settings_defaults: ['defaults'],
  realm: ['realm'],
};

/**
 * Subscription events change who is in a channel; `update` only changes one's own
 * subscription's colour or mute, which no admin list shows.
 */
const MEMBERSHIP_OPS = new Set(['add', 'remove', 'peer_add', 'peer_remove']);

export function adminKindsOf(events: readonly ServerEvent[]): AdminKind[] {
  const kinds = new Set<AdminKind>();
  for (const received of events) {
    // Events the client's schemas do not model travel as their payload.
    const event = (received.type === 'unknown' ? received.payload : received) as {
      type: string;
      op?: unknown;
    };
    if (event.type === 'subscription') {
      if (typeof event.op === 'string' && MEMBERSHIP_OPS.has(event.op)) kinds.add('channels');
      continue;
    }
    for (const kind of KINDS_OF_TYPE[event.type] ?? []) kinds.add(kind);
  }
  return [...kinds];
}

/**
 * Completes a POST /register answer with every key upstream documents for the requested
 * fetch_event_types at the server's feature level (deprecated ones included while upstream
 * still sends them), so a client written against upstream finds each key it may read.
 * Keys this server has data for get it; the rest get upstream's shape, empty.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { FLAG_BITS } from '../messages/flags.ts';
import type { Messaging } from '../messages/service.ts';
import { OFFLINE_THRESHOLD_SECONDS, PING_INTERVAL_SECONDS, presenceOf } from '../presence/store.ts';
import { presentUser, presentUserSettings } from '../state/present.ts';
import type { UserRecord } from '../state/types.ts';
import { UPSTREAM_REGISTER_KEYS } from './upstream-register-keys.ts';

interface Source {
  ctx: ServerContext;
  messaging: Messaging;
  user: UserRecord;
  capabilities: Readonly<Record<string, boolean>>;
}

/** Settings upstream lists top-level under these names, for clients without the settings object. */
const LEGACY_SETTINGS = new Set(['update_display_settings', 'update_global_notifications']);
const USER_SETTINGS_LEVEL = 89;

/** Keys whose value this server knows, beyond what the sections already answered. */
const KNOWN: Record<string, (s: Source) => unknown> = {
  starred_messages: ({ messaging, user }) => {
    const history = messaging.store.history(user.user_id);
    const ids: number[] = [];
    for (let i = 0; i < history.length; i++)
      if (history.flagsAt(i) & FLAG_BITS.starred) ids.push(history.idAt(i));
    return ids;
  },
  // Deprecated (FL 134) but still sent: muted topics as [channel name, topic, timestamp].
  muted_topics: ({ ctx, user }) =>
    [...ctx.state.userTopics.values()]
      .filter((t) => t.user_id === user.user_id && t.visibility_policy === 1)
      .map((t) => [ctx.state.channels.get(t.stream_id)?.name, t.topic_name, t.last_updated]),
  server_timestamp: ({ ctx }) => nowSeconds(ctx),
  // Edit history is always viewable here, and messages are kept forever (upstream's -1).
  realm_allow_edit_history: () => true,
  realm_message_retention_days: () => -1,
  realm_uri: ({ ctx }) => ctx.baseUrl,
  avatar_url: (s) => self(s).avatar_url,
  avatar_url_medium: (s) => self(s).avatar_url,
  avatar_source: () => 'G',
  server_presence_ping_interval_seconds: () => PING_INTERVAL_SECONDS,
  server_presence_offline_threshold_seconds: () => OFFLINE_THRESHOLD_SECONDS,
  realm_presence_disabled: ({ ctx }) => presenceOf(ctx.state).realmDisabled,
  receives_typing_notifications: ({ user }) => user.settings.receives_typing_notifications ?? true,
};

function self({ ctx, user }: Source): Record<string, unknown> {
  return presentUser(ctx.state, user, user, {
    baseUrl: ctx.baseUrl,
    clientGravatar: false,
    includeCustomProfileFields: false,
  });
}

/**
 * Adds the keys `out` lacks. `requested` is the client's fetch_event_types as sent (null:
 * every type); `aliases` maps upstream's type names to this server's section names.
 */
export function addUpstreamKeys(
  out: Record<string, unknown>,
  source: Source,
  requested: ReadonlySet<string> | null,
  aliases: Readonly<Record<string, string>>,
): void {
  const level = source.ctx.state.featureLevel;
  const asked = (type: string) =>
    requested === null || requested.has(type) || requested.has(aliases[type] ?? type);
  let settings: Record<string, unknown> | undefined;
  for (const { key, fetch, since, empty, group } of UPSTREAM_REGISTER_KEYS) {
    // The envelope's own keys (versions) are the route's to answer.
    if (fetch === '' || since > level || key in out || !asked(fetch)) continue;
    if (LEGACY_SETTINGS.has(fetch)) {
      if (level >= USER_SETTINGS_LEVEL && source.capabilities.user_settings_object) continue;
      settings ??= presentUserSettings(source.ctx.state, source.user);
      out[key] = settings[key] ?? empty;
      continue;
    }
    const known = KNOWN[key];
    if (known) out[key] = known(source);
    else if (group) out[key] = source.ctx.state.systemGroup('role:nobody')?.id ?? 0;
    else out[key] = structuredClone(empty);
  }
}

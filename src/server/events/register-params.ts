/**
 * The parameters of POST /register (also accepted by GET /events without a queue_id):
 * which events to queue, which state to fetch, and how messages are rendered.
 */
import { invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import { SIMPLIFIED_PRESENCE_LEVEL } from '../presence/store.ts';
import { HISTORY_LIMIT_LEVEL } from '../routes/presence.ts';
import { NarrowCompiler, parseNarrow } from '../messages/narrow.ts';
import type { ServerState } from '../state/state.ts';
import type { UserRecord } from '../state/types.ts';
import { showsDeactivatedGroups } from './deactivated-groups.ts';
import type { StateRequest } from './initial-state.ts';
import type { QueueSettings } from './queue.ts';

export interface RegisterRequest {
  queue: QueueSettings;
  state: StateRequest;
}

function capabilities(params: Params): Record<string, boolean> {
  const raw = params.optJson('client_capabilities');
  if (raw === undefined) return {};
  if (
    !raw ||
    typeof raw !== 'object' ||
    Array.isArray(raw) ||
    !Object.values(raw).every((v) => typeof v === 'boolean')
  ) {
    throw invalid('client_capabilities', 'is not a dict of booleans');
  }
  return raw as Record<string, boolean>;
}

function includeSubscribers(params: Params): boolean | 'partial' {
  const raw = params.optString('include_subscribers');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (raw === 'partial' || raw === '"partial"') return 'partial';
  throw invalid('include_subscribers');
}

export function parseRegister(
  state: ServerState,
  user: UserRecord,
  params: Params,
): RegisterRequest {
  const eventTypes = params.optStringList('event_types');
  const fetchEventTypes = params.optStringList('fetch_event_types') ?? eventTypes;
  const narrowTerms = parseNarrow(params.optJson('narrow') ?? []);
  const caps = capabilities(params);
  const clientGravatar = params.optBool('client_gravatar') ?? state.featureLevel >= 92;
  const queue: QueueSettings = {
    userId: user.user_id,
    eventTypes: eventTypes ? new Set(eventTypes) : null,
    narrow:
      narrowTerms.length > 0 ? new NarrowCompiler(state, user).compile(narrowTerms).matches : null,
    format: {
      applyMarkdown: params.optBool('apply_markdown') ?? false,
      clientGravatar,
      allowEmptyTopicName: caps.empty_topic_name === true && state.featureLevel >= 334,
    },
    allPublicStreams: params.optBool('all_public_streams') ?? false,
    simplifiedPresence:
      caps.simplified_presence_events === true && state.featureLevel >= SIMPLIFIED_PRESENCE_LEVEL,
    deactivatedGroups: showsDeactivatedGroups(state, caps),
  };
  return {
    queue,
    state: {
      fetchEventTypes: fetchEventTypes ? new Set(fetchEventTypes) : null,
      includeSubscribers: includeSubscribers(params),
      clientGravatar,
      capabilities: caps,
      slimPresence: params.optBool('slim_presence') ?? false,
      presenceHistoryDays:
        state.featureLevel >= HISTORY_LIMIT_LEVEL
          ? params.optInt('presence_history_limit_days', { min: 0 })
          : undefined,
    },
  };
}

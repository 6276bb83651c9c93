/**
 * GET /messages: the parameters of spec 4.5 turned into either a range around an anchor
 * or an explicit id list, run against the viewer's readable messages.
 */
import { ApiError, badRequest, missing } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { ServerContext } from '../context.ts';
import type { UserRecord } from '../state/types.ts';
import { flagNames, HISTORICAL_FLAGS } from './flags.ts';
import type { FormatOptions } from './format.ts';
import { NarrowCompiler, parseNarrow, type CompiledNarrow } from './narrow.ts';
import type { Messaging } from './service.ts';
import { fetchWindow, sharedSource, type Anchor, type Hit, type Source } from './window.ts';

export const MAX_MESSAGES_PER_REQUEST = 5000;

const RANGE_PARAMETERS = [
  'anchor',
  'include_anchor',
  'use_first_unread_anchor',
  'num_before',
  'num_after',
];

/** ISO 8601 date or datetime; a date alone is midnight UTC and a missing zone is UTC. */
export function parseAnchorDate(text: string): number {
  const t = text.trim();
  let iso: string | undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) iso = `${t}T00:00:00Z`;
  else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/.test(t))
    iso = `${t.replace(' ', 'T')}Z`;
  else if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(t))
    iso = t.replace(' ', 'T');
  const ms = iso === undefined ? NaN : Date.parse(iso);
  if (!Number.isFinite(ms)) throw badRequest('Invalid anchor_date');
  return Math.floor(ms / 1000);
}

function parseAnchor(params: Params, featureLevel: number): Anchor {
  const useFirstUnread = params.optBool('use_first_unread_anchor') ?? false;
  const raw = params.optString('anchor');
  if (raw !== undefined && useFirstUnread) {
    throw new ApiError(
      'BAD_REQUEST',
      'Unsupported parameter combination: anchor, use_first_unread_anchor',
      {
        parameters: 'anchor, use_first_unread_anchor',
      },
    );
  }
  if (raw === undefined) return useFirstUnread ? 'first_unread' : 'newest';
  const text = raw.replace(/^"(.*)"$/, '$1');
  if (/^\d{1,16}$/.test(text)) return Number(text);
  if (text === 'newest' || text === 'oldest' || text === 'first_unread') return text;
  if (text === 'date' && featureLevel >= 445) {
    const date = params.optString('anchor_date');
    if (date === undefined) throw missing('anchor_date');
    return { date: parseAnchorDate(date) };
  }
  throw badRequest('Invalid anchor');
}

export interface MessagesResult {
  anchor?: number;
  found_anchor: boolean;
  found_newest: boolean;
  found_oldest: boolean;
  history_limited: boolean;
  messages: Record<string, unknown>[];
}

export function queryMessages(
  ctx: ServerContext,
  m: Messaging,
  viewer: UserRecord,
  params: Params,
): MessagesResult {
  const level = ctx.state.featureLevel;
  const narrow = new NarrowCompiler(ctx.state, viewer).compile(
    parseNarrow(params.optJson('narrow') ?? []),
  );
  const format: FormatOptions = {
    applyMarkdown: params.optBool('apply_markdown') ?? true,
    clientGravatar: params.optBool('client_gravatar') ?? level >= 92,
    allowEmptyTopicName: level >= 334 ? (params.optBool('allow_empty_topic_name') ?? false) : false,
  };
  const present = (hits: Hit[]) =>
    hits.map((h) => ({
      ...m.formatFor(viewer.user_id, h.message, format),
      flags: flagNames(h.flags),
    }));

  const messageIds = level >= 300 ? params.optIntList('message_ids') : undefined;
  if (messageIds !== undefined) {
    const conflicting = RANGE_PARAMETERS.filter((n) => params.has(n));
    if (conflicting.length > 0) {
      const names = ['message_ids', ...conflicting].join(', ');
      throw new ApiError('BAD_REQUEST', `Unsupported parameter combination: ${names}`, {
        parameters: names,
      });
    }
    if (messageIds.length > MAX_MESSAGES_PER_REQUEST) throw tooMany();
    const hits = byIds(m, viewer, narrow, messageIds);
    return {
      found_anchor: false,
      found_newest: false,
      found_oldest: false,
      history_limited: false,
      messages: present(hits),
    };
  }

  const anchor = parseAnchor(params, level);
  const numBefore = params.int('num_before', { min: 0 });
  const numAfter = params.int('num_after', { min: 0 });
  if (numBefore + numAfter > MAX_MESSAGES_PER_REQUEST) throw tooMany();
  const includeAnchor = params.optBool('include_anchor') ?? true;
  const window = fetchWindow(sourceFor(m, viewer, narrow), m.store, narrow.matches, {
    anchor,
    includeAnchor,
    numBefore,
    numAfter,
  });
  return {
    anchor: window.anchor,
    found_anchor: window.found_anchor,
    found_newest: window.found_newest,
    found_oldest: window.found_oldest,
    history_limited: false,
    messages: present(window.hits),
  };
}

/**
 * POST /messages/flags/narrow's range: the narrow's messages around an anchor, as GET
 * /messages would find them.
 */
export function narrowRange(
  ctx: ServerContext,
  m: Messaging,
  viewer: UserRecord,
  params: Params,
): ReturnType<typeof fetchWindow> {
  const narrow = new NarrowCompiler(ctx.state, viewer).compile(
    parseNarrow(params.optJson('narrow') ?? []),
  );
  const anchor = parseAnchor(params, ctx.state.featureLevel);
  const numBefore = params.int('num_before', { min: 0 });
  const numAfter = params.int('num_after', { min: 0 });
  if (numBefore + numAfter > MAX_MESSAGES_PER_REQUEST) throw tooMany();
  return fetchWindow(sourceFor(m, viewer, narrow), m.store, narrow.matches, {
    anchor,
    includeAnchor: params.optBool('include_anchor') ?? true,
    numBefore,
    numAfter,
  });
}

function tooMany(): ApiError {
  return badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_REQUEST}).`);
}

function sourceFor(m: Messaging, viewer: UserRecord, narrow: CompiledNarrow): Source {
  const history = m.store.history(viewer.user_id);
  const shared = narrow.sharedHistory;
  if (shared === undefined) return history;
  return sharedSource(
    shared === 'public' ? 'all' : m.store.channelMessageIds(shared.streamId),
    m.store,
    history,
  );
}

/** The existing messages among `ids` that the viewer may read and the narrow matches. */
function byIds(m: Messaging, viewer: UserRecord, narrow: CompiledNarrow, ids: number[]): Hit[] {
  const history = m.store.history(viewer.user_id);
  const hits: Hit[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const message = m.store.get(id);
    if (!message) continue;
    let flags = history.flagsOf(id);
    if (flags === undefined) {
      if (!m.canReadWithoutCopy(viewer, message)) continue;
      flags = HISTORICAL_FLAGS;
    }
    if (narrow.matches(message, flags)) hits.push({ message, flags });
  }
  return hits;
}

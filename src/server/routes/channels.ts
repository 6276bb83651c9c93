/**
 * The organization's channels as administrators see them: GET /streams, PATCH /streams/{id}
 * (rename, describe, privacy, unarchive FL 388, folder FL 389, can_remove_subscribers_group)
 * and DELETE /streams/{id} (archive). Every change goes out as a stream event; and
 * GET /streams/{id}/members, the channel's subscribers.
 */
import { badRequest, invalid } from '../http/errors.ts';
import type { RouteRequest, Router } from '../http/router.ts';
import { presentChannel, renderDescription } from '../state/present.ts';
import type { ServerState } from '../state/state.ts';
import type { ChannelRecord, UserRecord } from '../state/types.ts';
import { ROLE } from '../state/types.ts';
import { readGroupSetting } from './group-setting.ts';

const MAX_NAME = 60;
const MAX_DESCRIPTION = 1024;

export function register(router: Router): void {
  router.get('/streams', listChannels);
  router.patch('/streams/{stream_id}', updateChannel);
  router.delete('/streams/{stream_id}', archiveChannel);
  router.get('/streams/{stream_id}/members', channelSubscribers);
}

/**
 * GET /streams/{id}/members (upstream's get-subscribers): the subscribers' ids, for whoever
 * may see the channel's subscribers; any other caller learns nothing, not even that it exists.
 */
function channelSubscribers(req: RouteRequest) {
  const { state } = req.ctx;
  const channel = channelById(state, req.pathInt('stream_id'));
  if (!state.canAccessChannel(req.user, channel) && !state.isAdmin(req.user))
    throw badRequest('Invalid channel ID');
  return { subscribers: state.subscribersOf(channel.stream_id) };
}

function listChannels({ ctx, user, params }: RouteRequest) {
  const { state } = ctx;
  const all = params.optBool('include_all') ?? false;
  const allActive = params.optBool('include_all_active') ?? false;
  if ((all || allActive) && !state.isAdmin(user))
    throw badRequest('User not authorized for this query');
  const includePublic = params.optBool('include_public') ?? true;
  const includeSubscribed = params.optBool('include_subscribed') ?? true;
  const includeWebPublic = params.optBool('include_web_public') ?? false;
  const includeDefault = params.optBool('include_default') ?? false;
  const excludeArchived =
    allActive || state.featureLevel < 315 ? true : (params.optBool('exclude_archived') ?? true);
  const streams = [...state.channels.values()].filter((c) => {
    if (c.is_archived && excludeArchived) return false;
    if (all || allActive) return true;
    if (includeSubscribed && state.subscription(user.user_id, c.stream_id)) return true;
    if (includeWebPublic && c.is_web_public) return true;
    if (includeDefault && c.is_default) return true;
    return includePublic && !c.invite_only && user.role !== ROLE.guest;
  });
  return { streams: streams.map((c) => presentChannel(state, c)) };
}

function updateChannel(req: RouteRequest) {
  const { ctx, params } = req;
  const { state } = ctx;
  const channel = administeredChannel(req);
  const updates: Record<string, unknown>[] = [];
  const oldName = channel.name;

  const newName = params.optString('new_name');
  const description = params.optString('description');
  const isPrivate = params.optBool('is_private');
  const historyPublic = params.optBool('history_public_to_subscribers');
  const unarchive = state.featureLevel >= 388 ? params.optBool('is_archived') : undefined;
  const folderGiven = state.featureLevel >= 389 && params.has('folder_id');
  const removersGiven = params.has('can_remove_subscribers_group');

  // Validate everything before changing anything: a refusal leaves the channel as it was.
  const name = newName === undefined ? undefined : channelName(state, channel, newName);
  if (description !== undefined && [...description].length > MAX_DESCRIPTION)
    throw invalid('description', `is longer than ${MAX_DESCRIPTION} characters`);
  if (unarchive === true) throw badRequest('Channel is already active.');
  if (unarchive === false && !channel.is_archived) throw badRequest('Channel is not archived.');
  const privacyGiven = isPrivate !== undefined || historyPublic !== undefined;
  if (channel.is_archived && privacyGiven && state.featureLevel < 362)
    throw badRequest('Channel is archived.');
  const nextPrivate = isPrivate ?? channel.invite_only;
  const nextHistory = nextPrivate ? (historyPublic ?? channel.history_public_to_subscribers) : true;
  if (historyPublic === false && !nextPrivate) throw badRequest('Invalid parameters');
  const folderId = folderGiven ? params.optJson('folder_id') : undefined;
  if (folderGiven && folderId !== null) {
    const f = typeof folderId === 'number' ? state.channelFolders.get(folderId) : undefined;
    if (!f || f.is_archived) throw badRequest('Invalid channel folder ID');
  }
  const removers = removersGiven
    ? readGroupSetting(
        state,
        'can_remove_subscribers_group',
        params.json('can_remove_subscribers_group'),
        channel.can_remove_subscribers_group,
      )
    : undefined;
  // This server keeps the setting as one named group; anonymous groups are not stored.
  if (removers !== undefined && typeof removers !== 'number')
    throw badRequest('Invalid can_remove_subscribers_group');

  if (unarchive === false) {
    channel.is_archived = false;
    ctx.events.emit(state.usersWhoSeeChannel(channel), {
      type: 'stream',
      op: 'create',
      streams: [presentChannel(state, channel)],
    });
  }
  if (name !== undefined && name !== channel.name) {
    channel.name = name;
    updates.push({ property: 'name', value: name });
  }
  if (description !== undefined && description !== channel.description) {
    channel.description = description;
    updates.push({
      property: 'description',
      value: description,
      rendered_description: renderDescription(description),
    });
  }
  const wasPrivate = channel.invite_only;
  if (nextPrivate !== wasPrivate || nextHistory !== channel.history_public_to_subscribers) {
    channel.invite_only = nextPrivate;
    channel.history_public_to_subscribers = nextHistory;
    if (nextPrivate) channel.is_web_public = false;
    updates.push({
      property: 'invite_only',
      value: nextPrivate,
      history_public_to_subscribers: nextHistory,
      is_web_public: channel.is_web_public,
    });
  }
  if (folderGiven && folderId !== channel.folder_id) {
    channel.folder_id = folderId as number | null;
    updates.push({ property: 'folder_id', value: channel.folder_id });
  }
  if (removers !== undefined && removers !== channel.can_remove_subscribers_group) {
    channel.can_remove_subscribers_group = removers;
    updates.push({ property: 'can_remove_subscribers_group', value: removers });
  }

  // A channel turning public becomes visible to everyone; turning private, to its subscribers.
  const audience = new Set([...state.usersWhoSeeChannel(channel), ...adminIds(state)]);
  if (wasPrivate && !nextPrivate)
    ctx.events.emit(audience, {
      type: 'stream',
      op: 'create',
      streams: [presentChannel(state, channel)],
    });
  for (const u of updates)
    ctx.events.emit(audience, {
      type: 'stream',
      op: 'update',
      stream_id: channel.stream_id,
      name: oldName,
      ...u,
    });
  return {};
}

function archiveChannel(req: RouteRequest) {
  const { ctx, user } = req;
  const { state } = ctx;
  // x-requires-administrator upstream.
  if (!state.isAdmin(user)) throw badRequest('Must be an organization administrator');
  const channel = channelById(state, req.pathInt('stream_id'));
  if (channel.is_archived) throw badRequest('Channel is already deactivated');
  const audience = state.usersWhoSeeChannel(channel);
  channel.is_archived = true;
  channel.is_default = false;
  ctx.events.emit(audience, {
    type: 'stream',
    op: 'delete',
    streams: [presentChannel(state, channel)],
    stream_ids: [channel.stream_id],
  });
  return {};
}

/** Organization administrators and the channel's own administrators (FL 349) may edit it. */
function administeredChannel(req: RouteRequest): ChannelRecord {
  const { state } = req.ctx;
  const channel = channelById(state, req.pathInt('stream_id'));
  if (!mayAdminister(state, req.user, channel))
    throw badRequest('You do not have permission to administer this channel.');
  return channel;
}

function mayAdminister(state: ServerState, u: UserRecord, c: ChannelRecord): boolean {
  if (state.isAdmin(u)) return true;
  return state.featureLevel >= 349 && c.channel_admins.has(u.user_id);
}

function adminIds(state: ServerState): number[] {
  return state
    .activeUsers()
    .filter((u) => state.isAdmin(u))
    .map((u) => u.user_id);
}

function channelById(state: ServerState, id: number): ChannelRecord {
  const c = state.channels.get(id);
  if (!c) throw badRequest('Invalid channel ID');
  return c;
}

function channelName(state: ServerState, channel: ChannelRecord, raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('Channel name is required.');
  if ([...name].length > MAX_NAME)
    throw badRequest(`Channel name too long (limit: ${MAX_NAME} characters).`);
  if (/\p{Cc}/u.test(name)) throw badRequest('Invalid character in channel name.');
  const other = state.channelByName(name);
  if (other && other.stream_id !== channel.stream_id)
    throw badRequest(`Channel name '${name}' is already taken.`);
  return name;
}

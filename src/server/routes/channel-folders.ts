/**
 * GET /channel_folders, POST /channel_folders/create (spec 4.6), PATCH /channel_folders/{id}
 * (spec 4.3), all FL 389; PATCH /channel_folders reorders them (FL 414).
 */
import { nowSeconds } from '../context.ts';
import type { ServerContext } from '../context.ts';
import { badRequest, invalid } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { presentChannelFolder } from '../state/present.ts';
import { requireAdmin } from './gates.ts';
import { reorderMap } from './reorder.ts';

const SINCE = { sinceLevel: 389 };

export function register(router: Router): void {
  router.get(
    '/channel_folders',
    ({ ctx, params }) => {
      const includeArchived = params.optBool('include_archived') ?? false;
      const folders = [...ctx.state.channelFolders.values()].filter(
        (f) => includeArchived || !f.is_archived,
      );
      return { channel_folders: folders.map(presentChannelFolder) };
    },
    SINCE,
  );

  router.post(
    '/channel_folders/create',
    ({ ctx, user, params }) => {
      requireAdmin(user);
      const name = folderName(ctx, params, true) as string;
      const description = folderDescription(ctx, params, true) as string;
      if (findByName(ctx, name) !== undefined)
        throw badRequest(`Channel folder name '${name}' is already in use.`);
      const id = ctx.state.nextId('channel_folder');
      const folder = {
        channel_folder_id: id,
        name,
        description,
        is_archived: false,
        order: id,
        date_created: nowSeconds(ctx),
        creator_id: user.user_id,
      };
      ctx.state.channelFolders.set(id, folder);
      ctx.events.emit(ctx.state.activeUserIds(), {
        type: 'channel_folder',
        op: 'add',
        channel_folder: presentChannelFolder(folder),
      });
      return { channel_folder_id: id };
    },
    SINCE,
  );

  // Upstream's patch-channel-folders (FL 414): `order` names every folder, archived ones too.
  router.patch(
    '/channel_folders',
    ({ ctx, user, params }) => {
      requireAdmin(user);
      const order = params.intList('order');
      reorderMap(
        ctx.state.channelFolders,
        order,
        () => badRequest('Invalid order mapping'),
        (f, i) => (f.order = i),
      );
      ctx.events.emit(ctx.state.activeUserIds(), { type: 'channel_folder', op: 'reorder', order });
      return {};
    },
    { sinceLevel: 414 },
  );

  router.patch(
    '/channel_folders/{channel_folder_id}',
    (req) => {
      const { ctx, user, params } = req;
      requireAdmin(user);
      const id = req.pathInt('channel_folder_id');
      const folder = ctx.state.channelFolders.get(id);
      if (!folder) throw badRequest('Invalid channel folder ID');
      const name = folderName(ctx, params, false);
      const description = folderDescription(ctx, params, false);
      const isArchived = params.optBool('is_archived');
      if (name !== undefined) {
        const clash = findByName(ctx, name);
        if (clash !== undefined && clash !== id)
          throw badRequest(`Channel folder name '${name}' is already in use.`);
      }
      const data: Record<string, unknown> = {};
      if (name !== undefined) data.name = folder.name = name;
      if (description !== undefined) {
        folder.description = description;
        data.description = description;
        data.rendered_description = presentChannelFolder(folder).rendered_description;
      }
      if (isArchived !== undefined) data.is_archived = folder.is_archived = isArchived;
      if (Object.keys(data).length > 0) {
        ctx.events.emit(ctx.state.activeUserIds(), {
          type: 'channel_folder',
          op: 'update',
          channel_folder_id: id,
          data,
        });
      }
      return {};
    },
    SINCE,
  );
}

function folderName(ctx: ServerContext, params: Params, required: boolean): string | undefined {
  const raw = required ? params.string('name') : params.optString('name');
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if (name === '') throw invalid('name', "can't be empty");
  if ([...name].length > ctx.state.realm.max_channel_folder_name_length)
    throw invalid('name', 'is too long');
  return name;
}

function folderDescription(
  ctx: ServerContext,
  params: Params,
  required: boolean,
): string | undefined {
  const raw = required ? params.string('description') : params.optString('description');
  if (raw === undefined) return undefined;
  if ([...raw].length > ctx.state.realm.max_channel_folder_description_length)
    throw invalid('description', 'is too long');
  return raw.trim();
}

function findByName(ctx: ServerContext, name: string): number | undefined {
  for (const f of ctx.state.channelFolders.values())
    if (f.name.toLowerCase() === name.toLowerCase()) return f.channel_folder_id;
  return undefined;
}

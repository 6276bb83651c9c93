/** Spec 2.5 channel folder and the responses of spec 4.3 and 4.6. */
import { z } from 'zod';
import { integer, renamedFrom } from './common.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/**
 * The widely deployed server names the key `id` in the folder objects (GET, register,
 * the `add` event); only the create response and the `update` event say
 * `channel_folder_id`. Callers always see the spec's `channel_folder_id`.
 */
export const channelFolderSchema = lazySchema(() =>
  z.preprocess(
    renamedFrom('id', 'channel_folder_id'),
    z.looseObject({
      channel_folder_id: integer,
      name: z.string(),
      description: z.string(),
      is_archived: z.boolean(),
    }),
  ),
);
export type ChannelFolder = z.infer<typeof channelFolderSchema>;

export const getChannelFoldersResponse = lazySchema(() =>
  z.looseObject({
    channel_folders: z.array(channelFolderSchema),
  }),
);
export const createChannelFolderResponse = lazySchema(() =>
  z.looseObject({ channel_folder_id: integer }),
);

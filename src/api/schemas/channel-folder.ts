/** Spec 2.5 channel folder and the responses of spec 4.3 and 4.6. */
import { z } from 'zod';
import { integer } from './common.ts';

export const channelFolderSchema = z.looseObject({
  channel_folder_id: integer,
  name: z.string(),
  description: z.string(),
  is_archived: z.boolean(),
});
export type ChannelFolder = z.infer<typeof channelFolderSchema>;

export const getChannelFoldersResponse = z.looseObject({
  channel_folders: z.array(channelFolderSchema),
});
export const createChannelFolderResponse = z.looseObject({ channel_folder_id: integer });

import { describe, expect, it } from 'vitest';
import { BadRequestError, UnauthorizedPrincipalError } from '../../../src/api/errors.ts';
import {
  createChannelFolder,
  getChannelFolders,
  updateChannelFolder,
} from '../../../src/api/routes/channel-folders.ts';
import { ROLE, failure, useServer } from './harness.ts';

describe('channel folders', () => {
  const h = useServer();

  it('lists the organization’s folders', async () => {
    const { data } = await getChannelFolders(h.as(ROLE.member));
    expect(data.channel_folders.map((f) => f.name)).toContain('Engineering');
  });

  it('lets an administrator create a folder with an empty description', async () => {
    const admin = h.as(ROLE.admin);
    const { data } = await createChannelFolder(admin, { name: 'Support', description: '' });
    const folders = (await getChannelFolders(admin)).data.channel_folders;
    expect(folders.find((f) => f.channel_folder_id === data.channel_folder_id)).toMatchObject({
      name: 'Support',
      description: '',
      is_archived: false,
    });
  });

  it('refuses a non-administrator with UNAUTHORIZED_PRINCIPAL', async () => {
    const error = await failure(
      createChannelFolder(h.as(ROLE.member), { name: 'Mine', description: '' }),
    );
    expect(error).toBeInstanceOf(UnauthorizedPrincipalError);
  });

  it('archives, renames and unarchives a folder', async () => {
    const admin = h.as(ROLE.admin);
    const { data } = await createChannelFolder(admin, { name: 'Old', description: 'to archive' });
    const id = data.channel_folder_id;
    await updateChannelFolder(admin, id, { is_archived: true, name: 'Older' });
    const find = async (include_archived: boolean) =>
      (await getChannelFolders(admin, { include_archived })).data.channel_folders.find(
        (f) => f.channel_folder_id === id,
      );
    expect(await find(true)).toMatchObject({ is_archived: true, name: 'Older' });
    expect(await find(false)).toBeUndefined();
    await updateChannelFolder(admin, id, { is_archived: false });
    expect((await find(false))?.is_archived).toBe(false);
  });

  it('gives BAD_REQUEST for an unknown folder id', async () => {
    expect(
      await failure(updateChannelFolder(h.as(ROLE.admin), 987_654, { name: 'x' })),
    ).toBeInstanceOf(BadRequestError);
  });

  it('refuses a non-administrator’s change', async () => {
    const { data } = await getChannelFolders(h.as(ROLE.member));
    const id = data.channel_folders[0]?.channel_folder_id ?? 0;
    expect(
      await failure(updateChannelFolder(h.as(ROLE.member), id, { name: 'mine now' })),
    ).toBeInstanceOf(UnauthorizedPrincipalError);
  });
});

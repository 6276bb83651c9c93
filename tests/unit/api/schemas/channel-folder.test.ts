import { describe, expect, it } from 'vitest';
import {
  createChannelFolderResponse,
  getChannelFoldersResponse,
} from '../../../../src/api/schemas/channel-folder.ts';
import { getEventsResponse } from '../../../../src/api/schemas/event.ts';
import { registerResponse } from '../../../../src/api/schemas/register.ts';
import { decode, malformed, without } from './helpers.ts';

/** A ChannelFolder object as the widely deployed server sends it: keyed by `id`. */
const upstream = {
  id: 2,
  name: 'Frontend',
  description: 'Channels for the **frontend** team',
  rendered_description: '<p>Channels for the <strong>frontend</strong> team</p>',
  order: 0,
  date_created: 1717200000,
  creator_id: 9,
  is_archived: false,
};

describe('channel folder schema', () => {
  it('shows the upstream `id` as channel_folder_id in GET /channel_folders', () => {
    const { channel_folders } = decode('GET /channel_folders', getChannelFoldersResponse, {
      channel_folders: [upstream],
    });
    expect(channel_folders[0]).toMatchObject({ channel_folder_id: 2, name: 'Frontend' });
  });

  it('does the same in register and in the add event', () => {
    const register = decode('POST /register', registerResponse, {
      queue_id: 'q',
      last_event_id: -1,
      channel_folders: [upstream],
    });
    expect(register.channel_folders?.map((f) => f.channel_folder_id)).toEqual([2]);
    const { events } = decode('GET /events', getEventsResponse, {
      events: [
        { id: 1, type: 'channel_folder', op: 'add', channel_folder: upstream },
        { id: 2, type: 'channel_folder', op: 'update', channel_folder_id: 2, data: { name: 'FE' } },
      ],
    });
    expect(
      events.map((e) =>
        e.type === 'channel_folder'
          ? (e.channel_folder?.channel_folder_id ?? e.channel_folder_id)
          : 0,
      ),
    ).toEqual([2, 2]);
  });

  it('keeps the spec’s channel_folder_id, and the create response', () => {
    const spec = { channel_folder_id: 3, name: 'Ops', description: '', is_archived: true };
    const { channel_folders } = decode('GET /channel_folders', getChannelFoldersResponse, {
      channel_folders: [spec],
    });
    expect(channel_folders[0]?.channel_folder_id).toBe(3);
    expect(
      decode('POST /channel_folders/create', createChannelFolderResponse, { channel_folder_id: 4 })
        .channel_folder_id,
    ).toBe(4);
  });

  it('still names the id when a folder has neither name, and other missing fields', () => {
    const body = { channel_folders: [upstream, without(upstream, 'id')] };
    expect(malformed('GET /channel_folders', getChannelFoldersResponse, body).path).toBe(
      'channel_folders.1.channel_folder_id',
    );
    const noArchived = { channel_folders: [without(upstream, 'is_archived')] };
    expect(malformed('GET /channel_folders', getChannelFoldersResponse, noArchived).path).toBe(
      'channel_folders.0.is_archived',
    );
  });
});

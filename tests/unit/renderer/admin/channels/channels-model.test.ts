/**
 * The Channels panel without a DOM: the list, with what another administrator's change
 * brings, and the refusal that replaces it when the server says no.
 */
import { expect, test, vi } from 'vitest';
import type {
  ChannelInfo,
  ChannelList,
} from '../../../../../src/contract/schemas/admin-channels.ts';
import type { PeopleContext } from '../../../../../src/contract/schemas/admin-people.ts';
import { ChannelsModel } from '../../../../../src/renderer/views/admin/channels/channels-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

function channel(streamId: number, name: string, extra: Partial<ChannelInfo> = {}): ChannelInfo {
  return {
    streamId,
    name,
    description: '',
    isPrivate: false,
    historyPublic: true,
    isArchived: false,
    folderId: null,
    subscriberCount: 3,
    canRemoveSubscribersGroup: null,
    ...extra,
  };
}

const CONTEXT = {
  userId: 1,
  role: 200,
  canCreateUsers: false,
  featureLevel: 400,
  users: [],
  groups: [],
  notifyDefaults: {},
} as unknown as PeopleContext;

test('another administrator archiving a channel shows in the list', async () => {
  let channels = [channel(1, 'general'), channel(2, 'design')];
  const core = new RecordingAdminCore()
    .answer('adminChannels.list', (): ChannelList => ({ featureLevel: 400, channels, folders: [] }))
    .answer('adminPeople.context', CONTEXT);
  const model = new ChannelsModel(core.console());
  model.admin.onChange(['channels', 'folders', 'groups'], () => model.refresh());
  await model.refresh();
  expect(model.list?.channels.map((c) => [c.name, c.isArchived])).toEqual([
    ['general', false],
    ['design', false],
  ]);

  channels = [channel(1, 'general'), channel(2, 'design', { isArchived: true })];
  core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['channels'] });
  await vi.waitFor(() => expect(model.list?.channels[1]?.isArchived).toBe(true));
});

test('a refused list shows the refusal; edits name the channel they change', async () => {
  const denied = refusal('Must be an organization administrator');
  const core = new RecordingAdminCore()
    .answer('adminChannels.list', denied)
    .answer('adminPeople.context', CONTEXT)
    .answer('adminChannels.update', {})
    .answer('adminChannels.archive', {});
  const model = new ChannelsModel(core.console());
  await model.refresh();
  expect(model.loading.error).toBe(denied);
  expect(model.list).toBeUndefined();

  await model.update(2, { isPrivate: true, historyPublic: false });
  await model.archive(2);
  expect(core.callsTo('adminChannels.update')).toEqual([
    { accountId: ACCOUNT, streamId: 2, isPrivate: true, historyPublic: false },
  ]);
  expect(core.callsTo('adminChannels.archive')).toEqual([{ accountId: ACCOUNT, streamId: 2 }]);
});

/**
 * The User groups panel without a DOM: the membership check's answer in words (spec 4.18:
 * direct, through a subgroup, or not at all), and the groups with their permissions.
 */
import { describe, expect, test } from 'vitest';
import type {
  GroupInfo,
  PeopleContext,
  PersonRef,
} from '../../../../../src/contract/schemas/admin-people.ts';
import { GroupsModel } from '../../../../../src/renderer/views/admin/groups/groups-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

const ADA: PersonRef = {
  userId: 1,
  fullName: 'Ada',
  email: 'ada@x.org',
  isActive: true,
  isBot: false,
  botOwnerId: null,
};
const SUPPORT: GroupInfo = {
  id: 30,
  name: 'support',
  description: '',
  members: [],
  subgroups: [31],
  deactivated: false,
  isSystemGroup: false,
  creatorId: 1,
};

/** A Core whose server says Ada is a member (any) and a direct one as given. */
function membership(any: boolean, direct: boolean) {
  return new RecordingAdminCore().answer('adminPeople.checkMembership', (args) => ({
    isMember: args.directOnly ? direct : any,
  }));
}

describe('checking membership', () => {
  test('says direct, through a subgroup, or not a member', async () => {
    const direct = new GroupsModel(membership(true, true).console());
    await direct.checkMembership(SUPPORT, 1, [ADA]);
    expect(direct.verdict).toBe('Ada (ada@x.org) is a direct member of support.');

    const through = new GroupsModel(membership(true, false).console());
    await through.checkMembership(SUPPORT, 1, [ADA]);
    expect(through.verdict).toBe('Ada (ada@x.org) is a member of support through a subgroup.');

    const none = new GroupsModel(membership(false, false).console());
    await none.checkMembership(SUPPORT, 1, [ADA]);
    expect(none.verdict).toBe('Ada (ada@x.org) is not a member of support.');
  });

  test('asks the server twice, for any and for direct membership', async () => {
    const core = membership(true, true);
    await new GroupsModel(core.console()).checkMembership(SUPPORT, 1, [ADA]);
    expect(core.callsTo('adminPeople.checkMembership')).toEqual([
      { accountId: ACCOUNT, groupId: 30, userId: 1, directOnly: false },
      { accountId: ACCOUNT, groupId: 30, userId: 1, directOnly: true },
    ]);
  });

  test('a refused check shows the refusal and no verdict', async () => {
    const denied = refusal('Invalid user group');
    const core = new RecordingAdminCore().answer('adminPeople.checkMembership', denied);
    const model = new GroupsModel(core.console());
    await model.checkMembership(SUPPORT, 1, [ADA]);
    expect(model.verdict).toBeUndefined();
    expect(model.check.error).toBe(denied);
  });
});

test('the groups come with their permission settings, or the refusal of those', async () => {
  const context: PeopleContext = {
    userId: 1,
    role: 200,
    canCreateUsers: false,
    featureLevel: 400,
    users: [ADA],
    groups: [SUPPORT],
    notifyDefaults: {} as PeopleContext['notifyDefaults'],
  };
  const denied = refusal('Server unreachable');
  const core = new RecordingAdminCore()
    .answer('adminPeople.context', context)
    .answer('adminGroups.permissions', denied);
  const model = new GroupsModel(core.console());
  await model.refreshAll();
  expect(model.people.value?.groups.map((g) => g.name)).toEqual(['support']);
  expect(model.permissionsLoad.error).toBe(denied);
  expect(model.permissions).toEqual([]);
});

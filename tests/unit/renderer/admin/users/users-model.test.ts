/**
 * The Users panel without a DOM: the people list, its refusal, and the list another
 * administrator's change brings in place; the role and account changes it sends.
 */
import { describe, expect, test, vi } from 'vitest';
import type { PeopleList, PersonRow } from '../../../../../src/contract/schemas/admin-users.ts';
import { UsersModel } from '../../../../../src/renderer/views/admin/users/users-model.svelte.ts';
import { ACCOUNT, RecordingAdminCore, refusal } from '../recording-admin-core.ts';

function person(userId: number, fullName: string, extra: Partial<PersonRow> = {}): PersonRow {
  return {
    userId,
    fullName,
    email: `${fullName.toLowerCase()}@x.org`,
    role: 400,
    isActive: true,
    isBot: false,
    botOwnerId: null,
    dateJoined: '2024-01-01T00:00:00Z',
    ...extra,
  };
}

describe('UsersModel', () => {
  test('the list follows another administrator deactivating someone', async () => {
    let users = [person(1, 'Ada'), person(2, 'Bo')];
    const core = new RecordingAdminCore().answer('adminUsers.list', (): PeopleList => ({
      me: { userId: 1, role: 200 },
      users,
    }));
    const model = new UsersModel(core.console());
    model.admin.onChange(['people', 'bots'], () => model.loadList());
    await model.loadList();
    expect(model.list?.users.filter((u) => u.isActive).map((u) => u.fullName)).toEqual([
      'Ada',
      'Bo',
    ]);

    users = [person(1, 'Ada'), person(2, 'Bo', { isActive: false })];
    core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['people'] });

    await vi.waitFor(() =>
      expect(model.list?.users.filter((u) => u.isActive).map((u) => u.fullName)).toEqual(['Ada']),
    );
  });

  test('a refused list keeps the refusal to show and the list shown before', async () => {
    const denied = refusal('Server unreachable');
    const core = new RecordingAdminCore().answer('adminUsers.list', {
      me: { userId: 1, role: 200 },
      users: [person(1, 'Ada')],
    });
    const model = new UsersModel(core.console());
    await model.loadList();
    core.answer('adminUsers.list', denied);
    await model.loadList();
    expect(model.listing.error).toBe(denied);
    expect(model.list?.users.map((u) => u.fullName)).toEqual(['Ada']);
  });

  test('a bot is deactivated through its own call; a role change names the role', async () => {
    const core = new RecordingAdminCore()
      .answer('adminUsers.deactivate', {})
      .answer('adminUsers.reactivate', {})
      .answer('adminUsers.setRole', {});
    const model = new UsersModel(core.console());
    const bot = person(7, 'Helper', { isBot: true, botOwnerId: 1 });
    await model.deactivate(bot);
    await model.reactivate(bot);
    await model.setRole(2, 200);
    expect(core.calls).toEqual([
      { channel: 'adminUsers.deactivate', args: { accountId: ACCOUNT, userId: 7, isBot: true } },
      { channel: 'adminUsers.reactivate', args: { accountId: ACCOUNT, userId: 7 } },
      { channel: 'adminUsers.setRole', args: { accountId: ACCOUNT, userId: 2, role: 200 } },
    ]);
  });
});

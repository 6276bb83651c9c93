/**
 * The User groups panel's traffic with the Core: the groups with their members (the people
 * context) and their permission settings (upstream GET /user_groups: the register answer
 * lacks them), new groups, renaming, deactivating and reactivating (upstream
 * update-user-group and deactivate-user-group), permissions, members, and the membership
 * check (spec 4.18).
 */
import type { ArgsIn } from '../../../../contract/contract.ts';
import type { GroupPermissions } from '../../../../contract/schemas/admin-channels.ts';
import type { GroupInfo, PersonRef } from '../../../../contract/schemas/admin-people.ts';
import type { AdminConsole } from '../admin-console.ts';
import { Action } from '../people/action.svelte.ts';
import { PeopleData, personName } from '../people/context.svelte.ts';

type Omitted = 'accountId' | 'groupId';
export type GroupChange = Omit<ArgsIn<'adminGroups.update'>, Omitted>;
export type MembersChange = Omit<ArgsIn<'adminPeople.updateGroupMembers'>, Omitted>;

export class GroupsModel {
  readonly admin: AdminConsole;
  readonly people: PeopleData;
  readonly permissionsLoad = new Action();
  permissions = $state<GroupPermissions[]>([]);
  readonly check = new Action();
  /** The membership check's answer, in words. */
  verdict = $state<string | undefined>();

  constructor(admin: AdminConsole) {
    this.admin = admin;
    this.people = new PeopleData(admin);
  }

  async refreshAll(): Promise<void> {
    const { rpc, accountId } = this.admin;
    await this.people.refresh();
    const next = await this.permissionsLoad.run(() =>
      rpc.invoke('adminGroups.permissions', { accountId }),
    );
    if (next) this.permissions = next;
  }

  /** Spec 4.18 asked twice: once for any membership, once for direct membership only. */
  async checkMembership(group: GroupInfo, userId: number, users: readonly PersonRef[]) {
    this.verdict = undefined;
    const ask = (directOnly: boolean) =>
      this.admin.rpc.invoke('adminPeople.checkMembership', {
        accountId: this.admin.accountId,
        groupId: group.id,
        userId,
        directOnly,
      });
    const answers = await this.check.run(() => Promise.all([ask(false), ask(true)]));
    if (!answers) return;
    const [any, direct] = answers;
    const who = personName(userId, users);
    this.verdict = direct.isMember
      ? `${who} is a direct member of ${group.name}.`
      : any.isMember
        ? `${who} is a member of ${group.name} through a subgroup.`
        : `${who} is not a member of ${group.name}.`;
  }

  create(group: { name: string; description: string; members: number[] }) {
    return this.admin.rpc.invoke('adminGroups.create', {
      accountId: this.admin.accountId,
      ...group,
    });
  }

  update(groupId: number, change: GroupChange) {
    return this.admin.rpc.invoke('adminGroups.update', {
      accountId: this.admin.accountId,
      groupId,
      ...change,
    });
  }

  deactivate(groupId: number) {
    return this.admin.rpc.invoke('adminGroups.deactivate', {
      accountId: this.admin.accountId,
      groupId,
    });
  }

  updateMembers(groupId: number, change: MembersChange) {
    return this.admin.rpc.invoke('adminPeople.updateGroupMembers', {
      accountId: this.admin.accountId,
      groupId,
      ...change,
    });
  }
}

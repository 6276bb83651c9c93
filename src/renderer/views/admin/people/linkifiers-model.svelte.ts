/**
 * The Linkifiers panel's traffic with the Core: the organization's linkifiers (reloaded when
 * the server says they changed), adding, editing, reordering and deleting one (upstream
 * add-linkifier, update-linkifier, reorder-linkifiers and remove-linkifier).
 */
import type { LinkifierWire } from '../../../../contract/schemas/admin-people.ts';
import type { AdminConsole } from '../admin-console.ts';
import type { LinkifierFields } from '../edit/linkifier-fields.ts';
import { Action } from './action.svelte.ts';

export class LinkifiersModel {
  readonly admin: AdminConsole;
  linkifiers = $state<LinkifierWire[] | undefined>();
  readonly load = new Action();

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  async refresh(): Promise<void> {
    const { rpc, accountId } = this.admin;
    const list = await this.load.run(() => rpc.invoke('adminPeople.listLinkifiers', { accountId }));
    if (list) this.linkifiers = list;
  }

  add(fields: LinkifierFields) {
    return this.admin.rpc.invoke('adminPeople.addLinkifier', {
      accountId: this.admin.accountId,
      ...fields,
    });
  }

  update(id: number, fields: LinkifierFields) {
    return this.admin.rpc.invoke('adminEdit.updateLinkifier', {
      accountId: this.admin.accountId,
      id,
      ...fields,
    });
  }

  reorder(order: number[]) {
    return this.admin.rpc.invoke('adminEdit.reorderLinkifiers', {
      accountId: this.admin.accountId,
      order,
    });
  }

  remove(id: number) {
    return this.admin.rpc.invoke('adminPeople.removeLinkifier', {
      accountId: this.admin.accountId,
      id,
    });
  }
}

/**
 * The organization panels' changes, one method per Core call: who may invite, channel
 * folders, custom profile fields, defaults for new users, push devices, video calls, and
 * deactivating the organization. Each panel reads the organization with orgContext
 * (org-context.svelte.ts) and shows what its call answered.
 */
import type { ArgsIn } from '../../../../contract/contract.ts';
import type { AdminConsole } from '../admin-console.ts';

type Args<C extends Parameters<AdminConsole['rpc']['invoke']>[0]> = Omit<ArgsIn<C>, 'accountId'>;

export class OrgModel {
  readonly admin: AdminConsole;

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  get #id() {
    return { accountId: this.admin.accountId };
  }

  updateInvitePermissions(settings: Args<'adminOrg.updateInvitePermissions'>['settings']) {
    return this.admin.rpc.invoke('adminOrg.updateInvitePermissions', { ...this.#id, settings });
  }

  /** Destructive: the Deactivation panel calls it only after the owner confirmed. */
  deactivate(deletionDelayDays: Args<'adminOrg.deactivate'>['deletionDelayDays']) {
    return this.admin.rpc.invoke('adminOrg.deactivate', { ...this.#id, deletionDelayDays });
  }

  createFolder(folder: Args<'adminOrg.createFolder'>) {
    return this.admin.rpc.invoke('adminOrg.createFolder', { ...this.#id, ...folder });
  }

  updateFolder(folderId: number, changes: Omit<Args<'adminOrg.updateFolder'>, 'folderId'>) {
    return this.admin.rpc.invoke('adminOrg.updateFolder', { ...this.#id, folderId, ...changes });
  }

  reorderFolders(order: number[]) {
    return this.admin.rpc.invoke('adminEdit.reorderFolders', { ...this.#id, order });
  }

  createProfileField(field: Args<'adminOrg.createProfileField'>) {
    return this.admin.rpc.invoke('adminOrg.createProfileField', { ...this.#id, ...field });
  }

  updateProfileField(
    fieldId: number,
    changes: Omit<Args<'adminEdit.updateProfileField'>, 'fieldId'>,
  ) {
    return this.admin.rpc.invoke('adminEdit.updateProfileField', {
      ...this.#id,
      fieldId,
      ...changes,
    });
  }

  reorderProfileFields(order: number[]) {
    return this.admin.rpc.invoke('adminEdit.reorderProfileFields', { ...this.#id, order });
  }

  deleteProfileField(fieldId: number) {
    return this.admin.rpc.invoke('adminEdit.deleteProfileField', { ...this.#id, fieldId });
  }

  updateDefaults(changes: Args<'adminOrg.updateDefaults'>['changes']) {
    return this.admin.rpc.invoke('adminOrg.updateDefaults', { ...this.#id, changes });
  }

  testPush(target: Args<'adminOrg.testPush'>) {
    return this.admin.rpc.invoke('adminOrg.testPush', { ...this.#id, ...target });
  }

  registerLegacyPushToken(device: Args<'adminOrg.registerLegacyPushToken'>) {
    return this.admin.rpc.invoke('adminOrg.registerLegacyPushToken', { ...this.#id, ...device });
  }

  createVideoCall() {
    return this.admin.rpc.invoke('adminOrg.createVideoCall', { ...this.#id });
  }
}

/**
 * Deactivating the organization (upstream deactivate-own-organization): the owner types the
 * organization's name and picks a delay the server allows, a confirmation naming the
 * organization opens, and only its confirm sends the call.
 */
import type { AdminConsole } from '../admin-console.ts';
import { OrgModel } from './org-model.ts';

export class DeactivationModel {
  readonly #org: OrgModel;
  busy = $state(false);
  error = $state<unknown>();
  done = $state(false);
  /** The confirmation is open. */
  asking = $state(false);

  constructor(admin: AdminConsole) {
    this.#org = new OrgModel(admin);
  }

  /** Opens the confirmation when the form is ready: the name typed, the delay allowed. */
  ask(ready: boolean): void {
    if (!ready) return;
    this.error = undefined;
    this.asking = true;
  }

  cancel(): void {
    this.asking = false;
  }

  /** The confirmation's yes: sends the call, and nothing without an open confirmation. */
  async confirm(deletionDelayDays: number | null): Promise<void> {
    if (!this.asking) return;
    this.asking = false;
    this.busy = true;
    this.error = undefined;
    try {
      await this.#org.deactivate(deletionDelayDays);
      this.done = true;
    } catch (err) {
      this.error = err;
    } finally {
      this.busy = false;
    }
  }
}

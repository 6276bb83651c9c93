/**
 * The Custom emoji panel's traffic with the Core besides the emoji themselves (those follow
 * the server's `realm_emoji` events through EmojiState): who added each one, and removing
 * one (upstream deactivate-custom-emoji), with what the panel says afterwards.
 */
import type { AdminConsole } from '../admin-console.ts';
import { Action } from '../people/action.svelte.ts';

export class CustomEmojiModel {
  readonly admin: AdminConsole;
  /** Authors' names by user id; emoji whose author is missing say "a former member". */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, never edited in place
  names = $state.raw<ReadonlyMap<number, string>>(new Map());
  readonly remove = new Action();
  /** The last change that went through, in words. */
  done = $state<string | undefined>();

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  /** A failure only costs the authors' names. */
  async loadNames(): Promise<void> {
    try {
      const list = await this.admin.rpc.invoke('adminUsers.list', {
        accountId: this.admin.accountId,
      });
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- replaced whole, as above
      this.names = new Map(list.users.map((u) => [u.userId, u.fullName]));
    } catch {
      // The list still shows, with "a former member" for every author.
    }
  }

  /** Destructive: the panel's ConfirmButton asks first and only then calls this. */
  async removeOne(name: string): Promise<void> {
    this.done = undefined;
    const { rpc, accountId } = this.admin;
    const ok = await this.remove.run(() => rpc.invoke('emoji.remove', { accountId, name }));
    if (ok) this.done = `Removed :${name}:.`;
  }

  added(name: string): void {
    this.done = `Added :${name}:.`;
  }
}

/**
 * The Saved snippets panel's traffic with the Core: the user's snippets (reloaded when the
 * server says they changed), creating, editing and deleting one (upstream
 * create-saved-snippet, edit-saved-snippet and delete-saved-snippet).
 */
import type { SnippetWire } from '../../../../contract/schemas/admin-people.ts';
import type { AdminConsole } from '../admin-console.ts';
import { Action } from '../people/action.svelte.ts';

export class SnippetsModel {
  readonly admin: AdminConsole;
  snippets = $state<SnippetWire[] | undefined>();
  readonly load = new Action();

  constructor(admin: AdminConsole) {
    this.admin = admin;
  }

  async refresh(): Promise<void> {
    const { rpc, accountId } = this.admin;
    const list = await this.load.run(() => rpc.invoke('adminPeople.listSnippets', { accountId }));
    if (list) this.snippets = list;
  }

  create(snippet: { title: string; content: string }) {
    return this.admin.rpc.invoke('adminPeople.createSnippet', {
      accountId: this.admin.accountId,
      ...snippet,
    });
  }

  edit(id: number, changes: { title?: string; content?: string }) {
    return this.admin.rpc.invoke('adminEdit.editSnippet', {
      accountId: this.admin.accountId,
      id,
      ...changes,
    });
  }

  remove(id: number) {
    return this.admin.rpc.invoke('adminPeople.deleteSnippet', {
      accountId: this.admin.accountId,
      id,
    });
  }
}

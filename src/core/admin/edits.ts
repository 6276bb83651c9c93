/**
 * Edit, reorder and delete profile fields, linkifiers, saved snippets and channel folders.
 * Each call goes through the account's own client, so the server judges every permission;
 * each answers with the parameters the server ignored.
 */
import type { ApiResult } from '../../api/client.ts';
import { reorderChannelFolders } from '../../api/routes/channel-folders.ts';
import {
  reorderLinkifiers,
  updateLinkifier,
  type AddLinkifierParams,
} from '../../api/routes/linkifiers.ts';
import {
  deleteProfileField,
  reorderProfileFields,
  updateProfileField,
} from '../../api/routes/profile-fields.ts';
import { editSavedSnippet } from '../../api/routes/saved-snippets.ts';
import type { Args } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';

/** A linkifier's fields as adding and updating both send them (spec 4.16). */
export function linkifierParams(l: {
  pattern: string;
  urlTemplate: string;
  reverseTemplate: string | null;
  alternativeUrlTemplates: string[];
  exampleInput?: string | undefined;
}): AddLinkifierParams {
  return {
    pattern: l.pattern,
    url_template: l.urlTemplate,
    reverse_template: l.reverseTemplate,
    ...(l.alternativeUrlTemplates.length
      ? { alternative_url_templates: l.alternativeUrlTemplates }
      : {}),
    ...(l.exampleInput !== undefined ? { example_input: l.exampleInput } : {}),
  };
}

export interface Ignored {
  ignoredParameters: string[];
}

const ignoredOf = (r: ApiResult<unknown>): Ignored => ({
  ignoredParameters: [...r.ignoredParameters],
});

export class AdminEdits {
  constructor(private readonly accounts: Pick<AccountManager, 'clientFor'>) {}

  async #client(accountId: string) {
    return (await this.accounts.clientFor(accountId)).client;
  }

  async updateProfileField({
    accountId,
    fieldId,
    ...a
  }: Args<'adminEdit.updateProfileField'>): Promise<Ignored> {
    return ignoredOf(
      await updateProfileField(await this.#client(accountId), fieldId, {
        name: a.name,
        hint: a.hint,
        field_data: a.fieldData,
        display_in_profile_summary: a.displayInProfileSummary,
        required: a.required,
        editable_by_user: a.editableByUser,
      }),
    );
  }

  async reorderProfileFields(accountId: string, order: number[]): Promise<Ignored> {
    return ignoredOf(await reorderProfileFields(await this.#client(accountId), order));
  }

  async deleteProfileField(accountId: string, fieldId: number): Promise<Ignored> {
    return ignoredOf(await deleteProfileField(await this.#client(accountId), fieldId));
  }

  async updateLinkifier({ accountId, id, ...l }: Args<'adminEdit.updateLinkifier'>) {
    return ignoredOf(await updateLinkifier(await this.#client(accountId), id, linkifierParams(l)));
  }

  async reorderLinkifiers(accountId: string, order: number[]): Promise<Ignored> {
    return ignoredOf(await reorderLinkifiers(await this.#client(accountId), order));
  }

  async editSnippet({ accountId, id, title, content }: Args<'adminEdit.editSnippet'>) {
    return ignoredOf(
      await editSavedSnippet(await this.#client(accountId), id, {
        ...(title !== undefined ? { title } : {}),
        ...(content !== undefined ? { content } : {}),
      }),
    );
  }

  async reorderFolders(accountId: string, order: number[]): Promise<Ignored> {
    return ignoredOf(await reorderChannelFolders(await this.#client(accountId), order));
  }
}

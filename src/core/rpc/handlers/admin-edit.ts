/**
 * Edit, reorder and delete profile fields, linkifiers, saved snippets and
 * channel folders. Each call goes through the account's own client, so the server judges
 * every permission. Every admin list's events are forwarded as `adminEdit.changed`, so an
 * open panel (People, Invitations, Groups, Channels, Health and the edit panels) reloads
 * when another administrator changes what it shows.
 */
import { reorderChannelFolders } from '../../../api/routes/channel-folders.ts';
import {
  reorderLinkifiers,
  updateLinkifier,
  type AddLinkifierParams,
} from '../../../api/routes/linkifiers.ts';
import {
  deleteProfileField,
  reorderProfileFields,
  updateProfileField,
} from '../../../api/routes/profile-fields.ts';
import { editSavedSnippet } from '../../../api/routes/saved-snippets.ts';
import type { ApiResult } from '../../../api/client.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type EditChannel =
  | 'adminEdit.updateProfileField'
  | 'adminEdit.reorderProfileFields'
  | 'adminEdit.deleteProfileField'
  | 'adminEdit.updateLinkifier'
  | 'adminEdit.reorderLinkifiers'
  | 'adminEdit.editSnippet'
  | 'adminEdit.reorderFolders';

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

const ignoredOf = (r: ApiResult<unknown>) => ({ ignoredParameters: [...r.ignoredParameters] });

export function adminEditHandlers(ctx: CoreContext): Pick<HandlerTable, EditChannel> {
  const clientOf = async (accountId: string) => (await ctx.accounts.clientFor(accountId)).client;

  return {
    'adminEdit.updateProfileField': async ({ accountId, fieldId, ...a }) =>
      ignoredOf(
        await updateProfileField(await clientOf(accountId), fieldId, {
          name: a.name,
          hint: a.hint,
          field_data: a.fieldData,
          display_in_profile_summary: a.displayInProfileSummary,
          required: a.required,
          editable_by_user: a.editableByUser,
        }),
      ),
    'adminEdit.reorderProfileFields': async ({ accountId, order }) =>
      ignoredOf(await reorderProfileFields(await clientOf(accountId), order)),
    'adminEdit.deleteProfileField': async ({ accountId, fieldId }) =>
      ignoredOf(await deleteProfileField(await clientOf(accountId), fieldId)),
    'adminEdit.updateLinkifier': async ({ accountId, id, ...l }) =>
      ignoredOf(await updateLinkifier(await clientOf(accountId), id, linkifierParams(l))),
    'adminEdit.reorderLinkifiers': async ({ accountId, order }) =>
      ignoredOf(await reorderLinkifiers(await clientOf(accountId), order)),
    'adminEdit.editSnippet': async ({ accountId, id, title, content }) =>
      ignoredOf(
        await editSavedSnippet(await clientOf(accountId), id, {
          ...(title !== undefined ? { title } : {}),
          ...(content !== undefined ? { content } : {}),
        }),
      ),
    'adminEdit.reorderFolders': async ({ accountId, order }) =>
      ignoredOf(await reorderChannelFolders(await clientOf(accountId), order)),
  };
}

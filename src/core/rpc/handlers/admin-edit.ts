/**
 * Edit, reorder and delete profile fields, linkifiers, saved snippets and channel folders
 * (admin/edits.ts). Every admin list's events are forwarded as `adminEdit.changed`, so an
 * open panel (People, Invitations, Groups, Channels, Health and the edit panels) reloads
 * when another administrator changes what it shows.
 */
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

export function adminEditHandlers(ctx: CoreContext): Pick<HandlerTable, EditChannel> {
  const edits = ctx.parts.admin.edits;
  return {
    'adminEdit.updateProfileField': (args) => edits.updateProfileField(args),
    'adminEdit.reorderProfileFields': ({ accountId, order }) =>
      edits.reorderProfileFields(accountId, order),
    'adminEdit.deleteProfileField': ({ accountId, fieldId }) =>
      edits.deleteProfileField(accountId, fieldId),
    'adminEdit.updateLinkifier': (args) => edits.updateLinkifier(args),
    'adminEdit.reorderLinkifiers': ({ accountId, order }) =>
      edits.reorderLinkifiers(accountId, order),
    'adminEdit.editSnippet': (args) => edits.editSnippet(args),
    'adminEdit.reorderFolders': ({ accountId, order }) => edits.reorderFolders(accountId, order),
  };
}

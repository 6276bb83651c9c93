/**
 * The admin console's people channels: users, user groups, linkifiers, saved snippets and
 * subscriptions. Each only translates between the contract and `PeopleAdmin`
 * (src/core/admin/people-admin.ts), which does the work.
 */
import { PeopleAdmin } from '../../admin/people-admin.ts';
import { linkifierParams } from '../../admin/edits.ts';
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type PeopleChannels =
  | 'adminPeople.context'
  | 'adminPeople.lookupUser'
  | 'adminPeople.createUser'
  | 'adminPeople.rename'
  | 'adminPeople.profileForm'
  | 'adminPeople.setProfileFields'
  | 'adminPeople.updateGroupMembers'
  | 'adminPeople.checkMembership'
  | 'adminPeople.listLinkifiers'
  | 'adminPeople.addLinkifier'
  | 'adminPeople.removeLinkifier'
  | 'adminPeople.listSnippets'
  | 'adminPeople.createSnippet'
  | 'adminPeople.deleteSnippet'
  | 'adminPeople.unsubscribe';

export function adminPeopleHandlers(ctx: CoreContext): Pick<HandlerTable, PeopleChannels> {
  const people = new PeopleAdmin(
    async (accountId) => (await ctx.accounts.clientFor(accountId)).client,
  );

  return {
    'adminPeople.context': ({ accountId }) => people.context(accountId),
    'adminPeople.lookupUser': ({ accountId, userId, email }) =>
      people.lookupUser(accountId, { userId, email }),
    'adminPeople.createUser': ({ accountId, ...person }) => people.createUser(accountId, person),
    'adminPeople.rename': async ({ accountId, userId, fullName }) => {
      await people.rename(accountId, userId, fullName);
      return {};
    },
    'adminPeople.profileForm': ({ accountId, userId }) => people.profileForm(accountId, userId),
    'adminPeople.setProfileFields': async ({ accountId, userId, values }) => {
      await people.setProfileFields(accountId, userId, values);
      return {};
    },
    'adminPeople.updateGroupMembers': async ({ accountId, groupId, ...change }) => {
      await people.updateGroupMembers(accountId, groupId, change);
      return {};
    },
    'adminPeople.checkMembership': async ({ accountId, groupId, userId, directOnly }) => ({
      isMember: await people.checkMembership(accountId, groupId, userId, directOnly),
    }),
    'adminPeople.listLinkifiers': ({ accountId }) => people.listLinkifiers(accountId),
    'adminPeople.addLinkifier': async ({ accountId, ...l }) => ({
      id: await people.addLinkifier(accountId, linkifierParams(l)),
    }),
    'adminPeople.removeLinkifier': async ({ accountId, id }) => {
      await people.removeLinkifier(accountId, id);
      return {};
    },
    'adminPeople.listSnippets': ({ accountId }) => people.listSnippets(accountId),
    'adminPeople.createSnippet': async ({ accountId, title, content }) => ({
      id: await people.createSnippet(accountId, title, content),
    }),
    'adminPeople.deleteSnippet': async ({ accountId, id }) => {
      await people.deleteSnippet(accountId, id);
      return {};
    },
    'adminPeople.unsubscribe': ({ accountId, channels, principals }) =>
      people.unsubscribe(accountId, channels, principals),
  };
}

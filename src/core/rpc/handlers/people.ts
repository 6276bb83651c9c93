/**
 * People's cards and the People list. The card asks the server for
 * the person's profile (custom fields included) and the organization's field definitions,
 * and names everyone it mentions from the account's synced people; the list is the synced
 * people with their presence and status, in the buddy list's order.
 */
import { getProfileFields } from '../../../api/routes/profile-fields.ts';
import { getUser } from '../../../api/routes/users.ts';
import type { CoreContext } from '../../context.ts';
import { cardFields } from '../../people/card-fields.ts';
import { presenceLookup } from '../../people/presence-source.ts';
import { roster } from '../../people/roster.ts';
import { readerFacts } from '../../model/unread-summary.ts';
import type { HandlerTable } from '../dispatch.ts';

type PeopleChannels = 'people.card' | 'people.list';

/** Spec 2.1: owners (100) and administrators (200) administer the organization. */
const ADMINISTRATOR = 200;

export function peopleHandlers(ctx: CoreContext): Pick<HandlerTable, PeopleChannels> {
  const watch = ctx.parts.people;
  return {
    'people.card': async ({ accountId, userId }) => {
      const { client } = await ctx.accounts.clientFor(accountId);
      const [{ data }, fields] = await Promise.all([
        getUser(client, userId, { include_custom_profile_fields: true, client_gravatar: false }),
        getProfileFields(client),
      ]);
      const user = data.user;
      const state = ctx.sync.state(accountId);
      const me = state?.userId;
      const myRole = (me !== undefined ? state?.user(me)?.['role'] : undefined) as
        number | undefined;
      const nameOf = (id: number) => state?.user(id)?.full_name ?? 'a former member';
      const lookup = presenceLookup(ctx, accountId);
      return {
        userId: user.user_id,
        name: user.full_name,
        email: user.delivery_email ?? null,
        avatarUrl: user.avatar_url ?? null,
        role: user.role,
        isBot: user.is_bot,
        isActive: user.is_active,
        timezone: user.timezone,
        presence: lookup.presence(user.user_id),
        status: lookup.status(user.user_id),
        fields: cardFields(fields.data.custom_fields, user.profile_data ?? {}, nameOf),
        twentyFourHour: state ? readerFacts(state).twentyFourHour : null,
        viewerIsAdmin: (myRole ?? 400) <= ADMINISTRATOR,
        isMe: user.user_id === me,
      };
    },
    'people.list': async ({ accountId }) => {
      const state = ctx.sync.state(accountId);
      const people = state ? roster(state.users(), presenceLookup(ctx, accountId)) : [];
      if (state) watch.listed(accountId, people);
      return { people };
    },
  };
}

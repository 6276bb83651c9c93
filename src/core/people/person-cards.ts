/**
 * People's cards and the People list. The card asks the server for the person's profile
 * (custom fields included) and the organization's field definitions, and names everyone it
 * mentions from the account's synced people; the list is the synced people with their
 * presence and status, in the buddy list's order.
 */
import type { Clock } from '../../lib/clock.ts';
import { getProfileFields } from '../../api/routes/profile-fields.ts';
import { getUser } from '../../api/routes/users.ts';
import type { Result } from '../../contract/contract.ts';
import type { AccountManager } from '../accounts/manager.ts';
import { readerFacts } from '../model/unread-summary.ts';
import type { AccountStores } from '../store/account-stores.ts';
import { cardFields } from './card-fields.ts';
import type { PeopleWatch } from './people-watch.ts';
import { presenceLookup } from './presence-source.ts';
import { roster } from './roster.ts';

/** Spec 2.1: owners (100) and administrators (200) administer the organization. */
const ADMINISTRATOR = 200;

export interface PersonCardsDeps {
  clock: Clock;
  accounts: Pick<AccountManager, 'clientFor'>;
  sync: Pick<AccountStores, 'state'>;
  watch: Pick<PeopleWatch, 'listed'>;
}

export class PersonCards {
  readonly #deps: PersonCardsDeps;

  constructor(deps: PersonCardsDeps) {
    this.#deps = deps;
  }

  async card(accountId: string, userId: number): Promise<Result<'people.card'>> {
    const { client } = await this.#deps.accounts.clientFor(accountId);
    const [{ data }, fields] = await Promise.all([
      getUser(client, userId, { include_custom_profile_fields: true, client_gravatar: false }),
      getProfileFields(client),
    ]);
    const user = data.user;
    const state = this.#deps.sync.state(accountId);
    const me = state?.userId;
    const myRole = (me !== undefined ? state?.user(me)?.['role'] : undefined) as number | undefined;
    const nameOf = (id: number) => state?.user(id)?.full_name ?? 'a former member';
    const lookup = presenceLookup(this.#deps, accountId);
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
  }

  /** The People list; from now on its changed rows are pushed (people-watch.ts). */
  list(accountId: string): Result<'people.list'> {
    const state = this.#deps.sync.state(accountId);
    const people = state ? roster(state.users(), presenceLookup(this.#deps, accountId)) : [];
    if (state) this.#deps.watch.listed(accountId, people);
    return { people };
  }
}

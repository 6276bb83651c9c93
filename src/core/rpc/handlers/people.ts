/** People's cards and the People list (people/person-cards.ts). */
import type { CoreContext } from '../../context.ts';
import type { HandlerTable } from '../dispatch.ts';

type PeopleChannels = 'people.card' | 'people.list';

export function peopleHandlers(ctx: CoreContext): Pick<HandlerTable, PeopleChannels> {
  const cards = ctx.parts.personCards;
  return {
    'people.card': ({ accountId, userId }) => cards.card(accountId, userId),
    'people.list': async ({ accountId }) => cards.list(accountId),
  };
}

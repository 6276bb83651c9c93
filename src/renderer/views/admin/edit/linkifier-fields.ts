/** A linkifier's fields as the add and edit channels take them, without the account. */
import type { ArgsIn } from '../../../../contract/contract.ts';

export type LinkifierFields = Omit<ArgsIn<'adminPeople.addLinkifier'>, 'accountId'>;

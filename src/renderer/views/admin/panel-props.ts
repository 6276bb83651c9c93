/**
 * What every admin panel receives: the account the console works on. Apart from panels.ts,
 * which imports every panel, so a panel naming its props imports no panel.
 */
import type { AccountSummary } from '../../../contract/contract.ts';

export type PanelProps = { account: AccountSummary };

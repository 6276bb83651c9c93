/**
 * What every admin panel receives: the account the console works on and the RPC port its
 * models talk to the Core through. Apart from panels.ts, which imports every panel, so a
 * panel naming its props imports no panel.
 */
import type { AccountSummary } from '../../../contract/contract.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';

export type PanelProps = { account: AccountSummary; port: RpcPort };

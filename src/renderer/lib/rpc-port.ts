/**
 * The Core as a screen controller sees it: `invoke` and `on` with bridge.ts's types. A
 * controller takes this rather than importing the bridge, so it runs under plain Node (the
 * unit tests hand it a recording Core) as well as in the window (`bridge` below).
 */
import type { ArgsIn, Channel, Payload, Result, Topic } from '../../contract/contract.ts';

export type Invoke = <C extends Channel>(channel: C, args: ArgsIn<C>) => Promise<Result<C>>;
/** `accounts`: the only accounts whose pushes the listener shows (bridge.ts); none: all. */
export type Listen = <T extends Topic>(
  topic: T,
  listener: (payload: Payload<T>) => void,
  accounts?: readonly string[],
) => () => void;

export interface RpcPort {
  invoke: Invoke;
  on: Listen;
}

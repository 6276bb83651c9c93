/**
 * The renderer's only way to the Core. Channel names, argument and result types all come
 * from src/contract/contract.ts; nothing here is stringly typed. Only the roots of the window
 * (App.svelte and a few screens) import this: they hand `{ invoke, on }` to the screens'
 * models as an RpcPort (lib/rpc-port.ts), so the models run under plain Node in the tests.
 */
import {
  topics,
  type ArgsIn,
  type Channel,
  type Payload,
  type Result,
  type Topic,
} from '../contract/contract.ts';
import { RpcError, RpcResponse } from '../contract/errors.ts';
import type { PerchBridge } from '../contract/bridge-types.ts';
import { createWebSocketBridge, type ConnectionState } from './ws-transport.ts';

export { RpcError };
export type { ConnectionState };

const stateListeners = new Set<(s: ConnectionState) => void>();
let connection: ConnectionState = window.perch ? 'open' : 'connecting';

// Electron's preload provides window.perch; in browser mode we provide the same object.
const raw: PerchBridge =
  window.perch ??
  (window.perch = createWebSocketBridge((s) => {
    connection = s;
    for (const l of stateListeners) l(s);
  }));

export async function invoke<C extends Channel>(channel: C, args: ArgsIn<C>): Promise<Result<C>> {
  const response = RpcResponse.parse(await raw.invoke(channel, args));
  if (!response.ok) throw new RpcError(response.error);
  return response.result as Result<C>;
}

/**
 * How many listeners each topic has: the Core pushes a window only the topics it follows
 * (see `listen` in src/contract/bridge-types.ts), so a topic nobody shows costs nothing.
 */
const following = new Map<Topic, number>();

function follow(topic: Topic, by: 1 | -1): void {
  const before = following.get(topic) ?? 0;
  const after = before + by;
  if (after > 0) following.set(topic, after);
  else following.delete(topic);
  // Said at once, not batched: a call made right after `on` must find the topic followed.
  if ((before === 0) !== (after === 0)) raw.listen?.([...following.keys()]);
}

export function on<T extends Topic>(topic: T, listener: (payload: Payload<T>) => void): () => void {
  follow(topic, 1);
  const off = raw.on(topic, (payload) => {
    const parsed = topics[topic].safeParse(payload);
    if (parsed.success) listener(parsed.data as Payload<T>);
  });
  let on = true;
  return () => {
    if (!on) return;
    on = false;
    off();
    follow(topic, -1);
  };
}

export function onConnection(listener: (s: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  listener(connection);
  return () => stateListeners.delete(listener);
}

/**
 * The renderer's only way to the Core. Channel names, argument and result types all come
 * from src/contract/contract.ts; nothing here is stringly typed. Only the roots of the window
 * (App.svelte and a few screens) import this: they hand `{ invoke, on }` to the screens'
 * models as an RpcPort (lib/rpc-port.ts), so the models run under plain Node in the tests.
 */
import type { ArgsIn, Channel, Payload, Result, Topic } from '../contract/contract.ts';
import { parseRpcResponse, RpcError } from '../contract/errors.ts';
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
  const response = parseRpcResponse(await raw.invoke(channel, args));
  if (!response.ok) throw new RpcError(response.error);
  return response.result as Result<C>;
}

/**
 * Whether each push is checked against the contract here. Not in a built renderer: its pushes
 * come from the Core of its own host, whose payloads the contract's schemas are the Core's
 * tests' to hold it to (src/core/push-bus.ts checks every one under test, e2e included), and
 * a check per push was a copy of every incoming message's payload, paid per message
 * (bench/README.md, `background`). The dev server and the unit tests still check.
 */
const CHECK_PUSHES = !import.meta.env.PROD;

/**
 * The topics' schemas, only where pushes are checked. Imported statically, the contract's
 * every schema was built as a built page started (zod builds each when its module runs,
 * which no bundler can leave out), on the way to the first paint (bench/README.md,
 * `background`); the condition is a constant the build drops with the import.
 */
const pushSchemas = CHECK_PUSHES ? (await import('../contract/contract.ts')).topics : undefined;

/**
 * Each topic's listeners and the accounts each of them shows (none: every account): the
 * Core pushes a window only the topics it follows, and of a topic whose every listener
 * names its accounts only those accounts' pushes (see `listen` in
 * src/contract/bridge-types.ts), so a topic or an account nobody shows costs nothing.
 */
const following = new Map<Topic, Map<symbol, readonly string[] | undefined>>();
let said = '';

function sayFollowing(): void {
  const accounts: Record<string, string[]> = {};
  for (const [topic, listeners] of following) {
    const lists = [...listeners.values()];
    if (!lists.every((l) => l !== undefined)) continue;
    const ids = [...new Set(lists.flat())].sort();
    // Past the bounds the Core accepts (ListenAccounts), the window takes every account.
    if (ids.length <= 100 && Object.keys(accounts).length < 50) accounts[topic] = ids;
  }
  const topicList = [...following.keys()];
  const now = JSON.stringify([topicList, accounts]);
  if (now === said) return;
  said = now;
  // Said at once, not batched: a call made right after `on` must find the topic followed,
  // so a view that fetches after `on` misses no push of its account.
  raw.listen?.(topicList, accounts);
}

/** `accounts`: the only accounts whose pushes of `topic` this listener shows. */
export function on<T extends Topic>(
  topic: T,
  listener: (payload: Payload<T>) => void,
  accounts?: readonly string[],
): () => void {
  const key = Symbol(topic);
  let listeners = following.get(topic);
  if (!listeners) following.set(topic, (listeners = new Map()));
  listeners.set(key, accounts);
  sayFollowing();
  const off = raw.on(
    topic,
    pushSchemas
      ? (payload) => {
          const parsed = pushSchemas[topic].safeParse(payload);
          if (parsed.success) listener(parsed.data as Payload<T>);
        }
      : (payload) => listener(payload as Payload<T>),
  );
  let on = true;
  return () => {
    if (!on) return;
    on = false;
    off();
    listeners.delete(key);
    if (listeners.size === 0) following.delete(topic);
    sayFollowing();
  };
}

export function onConnection(listener: (s: ConnectionState) => void): () => void {
  stateListeners.add(listener);
  listener(connection);
  return () => stateListeners.delete(listener);
}

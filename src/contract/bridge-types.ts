import type { RpcResponse } from './errors.ts';

/**
 * What `window.perch` is, in Electron (preload) and in browser mode (WebSocket) alike:
 * untyped on purpose, because it is the wire. The renderer only reaches it through
 * src/renderer/bridge.ts, which types every call from the contract.
 */
export interface PerchBridge {
  invoke(channel: string, args: unknown): Promise<RpcResponse>;
  on(topic: string, listener: (payload: unknown) => void): () => void;
  /**
   * Tells the Core which topics this window follows now (all of them until it is called),
   * and for some of them the only accounts whose pushes it takes (src/contract/window-interest.ts).
   */
  listen?(topics: string[], accounts?: Record<string, string[]>): void;
}

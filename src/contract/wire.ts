/**
 * Frames of the WebSocket transport used in browser mode. Electron IPC carries the same
 * RpcResponse envelope, so both transports end in the same dispatcher. No zod here: the
 * page's first chunk imports this, and the host checks what the page sends with its own
 * schema (src/web/client-frame.ts).
 */
import type { RpcResponse } from './errors.ts';

/**
 * The largest frame either end of the WebSocket accepts, in bytes (UTF-8 of the JSON).
 * The host refuses bigger ones (close 1009); the page checks before sending, so one call
 * that is too large fails alone instead of taking the connection with it.
 */
export const MAX_FRAME_BYTES = 1 << 20;

/** "1.1 MB": how a frame's size is named to the user (MB of 2^20 bytes, like the limit). */
export function formatFrameSize(bytes: number): string {
  const mb = bytes / MAX_FRAME_BYTES;
  return `${mb >= 10 ? Math.round(mb) : Math.floor(mb * 10) / 10} MB`;
}

/** What the page sends: a call, or the topics its shown views follow (window-interest.ts). */
export type ClientFrame =
  | { t: 'invoke'; id: number; channel: string; args: unknown }
  | { t: 'listen'; topics: unknown; accounts?: unknown };

/** What the host sends: a call's answer, or a push. */
export type ServerFrame =
  | { t: 'result'; id: number; response: RpcResponse }
  | { t: 'push'; topic: string; payload: unknown };

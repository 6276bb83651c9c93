/**
 * Frames of the WebSocket transport used in browser mode. Electron IPC carries the same
 * RpcResponse envelope, so both transports end in the same dispatcher.
 */
import { z } from 'zod';
import { RpcResponse } from './errors.ts';
import { lazySchema } from '../lib/lazy-schema.ts';

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

export const ClientFrame = lazySchema(() =>
  z.union([
    z.object({
      t: z.literal('invoke'),
      id: z.number().int().nonnegative(),
      channel: z.string().max(200),
      args: z.unknown(),
    }),
    // The topics the page's shown views follow, and the accounts it follows for some of them
    // (window-interest.ts); checked where it is kept.
    z.object({ t: z.literal('listen'), topics: z.unknown(), accounts: z.unknown().optional() }),
  ]),
);
export type ClientFrame = z.infer<typeof ClientFrame>;

export const ServerFrame = lazySchema(() =>
  z.union([
    z.object({ t: z.literal('result'), id: z.number().int(), response: RpcResponse }),
    z.object({ t: z.literal('push'), topic: z.string(), payload: z.unknown() }),
  ]),
);
export type ServerFrame = z.infer<typeof ServerFrame>;

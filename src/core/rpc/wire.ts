/**
 * Frames of the WebSocket transport used in browser mode. Electron IPC carries the same
 * RpcResponse envelope, so both transports end in the same dispatcher.
 */
import { z } from 'zod';
import { RpcResponse } from './errors.ts';

export const ClientFrame = z.object({
  t: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(200),
  args: z.unknown(),
});
export type ClientFrame = z.infer<typeof ClientFrame>;

export const ServerFrame = z.union([
  z.object({ t: z.literal('result'), id: z.number().int(), response: RpcResponse }),
  z.object({ t: z.literal('push'), topic: z.string(), payload: z.unknown() }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

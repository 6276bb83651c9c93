/**
 * The host's check of what a page sends over its WebSocket (src/contract/wire.ts has the
 * frames' types): a call, or the topics its shown views follow, whose lists are checked
 * where they are kept (src/contract/window-interest.ts).
 */
import { z } from 'zod';
import type { ClientFrame as ClientFrameType } from '../contract/wire.ts';
import { lazySchema } from '../lib/lazy-schema.ts';

export const ClientFrame = lazySchema(() =>
  z.union([
    z.object({
      t: z.literal('invoke'),
      id: z.number().int().nonnegative(),
      channel: z.string().max(200),
      args: z.unknown(),
    }),
    z.object({ t: z.literal('listen'), topics: z.unknown(), accounts: z.unknown().optional() }),
  ]),
) satisfies z.ZodType<ClientFrameType>;

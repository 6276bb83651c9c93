/**
 * Where a clicked notification takes the window. Its own module, so the page's check of a
 * target in its URL (src/contract/open-link.ts) does not build every schema of contract.ts
 * as a built page starts (bench/README.md, `background`).
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** Where a clicked notification takes the window: the account, the conversation, the message. */
export const OpenTargetWire = lazySchema(() =>
  z.object({
    accountId: z.string(),
    messageId: z.number().int(),
    narrow: z.array(
      z.object({
        operator: z.enum(['channel', 'topic', 'dm']),
        operand: z.union([z.number(), z.string(), z.array(z.number())]),
      }),
    ),
  }),
);
export type OpenTargetWire = z.infer<typeof OpenTargetWire>;

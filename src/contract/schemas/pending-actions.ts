/**
 * Actions on a message whose answer was lost (docs/architecture.md "Writes"): the Core reads
 * each back and says how it settled, wherever the reader is by then.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const ActionSettled = lazySchema(() =>
  z.object({
    id: z.number().int(),
    accountId: z.string(),
    messageId: z.number().int(),
    /** Whether the server holds what the action asked. */
    applied: z.boolean(),
    /**
     * Whether the call that made the action was answered with this outcome: the view that made
     * it said so already if it is still on screen, so nothing else repeats it.
     */
    told: z.boolean(),
    /** What became of it, as a sentence naming the message. */
    sentence: z.string(),
  }),
);
export type ActionSettled = z.infer<typeof ActionSettled>;

export const ActionRetryArgs = lazySchema(() => z.object({ id: z.number().int() }).strict());

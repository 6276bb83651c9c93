import { z } from 'zod';
import { MarkReadArgs, ReactArgs, StarArgs } from './messages.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/**
 * A reaction, star or read mark made while the account's server could not be reached,
 * waiting to be made once it answers (docs/architecture.md, "Writes"); kept sealed with the
 * account's drafts so a restart loses none.
 */
export const QueuedWrite = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('reaction'), args: ReactArgs.omit({ accountId: true }) }),
    z.object({ kind: z.literal('star'), args: StarArgs.omit({ accountId: true }) }),
    z.object({ kind: z.literal('read'), args: MarkReadArgs.omit({ accountId: true }) }),
  ]),
);
export type QueuedWrite = z.infer<typeof QueuedWrite>;

/** An account's queued writes changed: what its message rows show as waiting to send. */
export const QueuedWrites = lazySchema(() =>
  z.object({ accountId: z.string(), writes: z.array(QueuedWrite) }),
);
export type QueuedWrites = z.infer<typeof QueuedWrites>;

/**
 * A pending action (pending-actions.ts) as it is kept on disk, so one nobody could read back
 * before Perch quit is read back after it starts again: the channel and arguments the reader's
 * call came with, from which the Core builds the same action again. Kept sealed in the
 * account's drafts file (compose/drafts.ts), beside the outbox.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const PendingRecord = lazySchema(() =>
  z.object({
    channel: z.enum([
      'messages.star',
      'messages.react',
      'messages.markRead',
      'messages.submessage',
    ]),
    accountId: z.string(),
    /** The call's arguments, checked against the channel's schema when built again. */
    args: z.record(z.string(), z.unknown()),
    /** A widget's change: how many like it of the user's the message held before it was sent. */
    before: z.number().int().nonnegative().optional(),
  }),
);
export type PendingRecord = z.infer<typeof PendingRecord>;

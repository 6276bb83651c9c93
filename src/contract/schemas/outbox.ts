/**
 * The outbox (docs/architecture.md "Writes"): sends the Core has taken from compose and keeps
 * until the server confirms them, in the drafts file and on the wire to the renderer.
 */
import { z } from 'zod';
import { SendTo } from './messages.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));
const localId = lazySchema(() => z.string().min(1).max(100));

/**
 * - `sending`: on its way;
 * - `unconfirmed`: the answer was lost; the Core waits for its own event or looks it up;
 * - `waiting`: the server could not be reached, so nothing left this computer; it goes out
 *   once the account's server answers again (its queue registers, or a later attempt);
 * - `failed`: known not to have arrived (refused, or looked up and absent): Try again or Discard.
 */
export const OutboxState = lazySchema(() =>
  z.enum(['sending', 'unconfirmed', 'waiting', 'failed']),
);
export type OutboxState = z.infer<typeof OutboxState>;

export const OutboxEntry = lazySchema(() =>
  z.object({
    /** Sent as `local_id`; the sender's own message event echoes it as `local_message_id`. */
    localId,
    to: SendTo,
    content: z.string().min(1).max(1_000_000),
    /** Where it goes, in words, for the list and the Drafts view. */
    where: z.string().max(1000).optional(),
    /** The narrow whose draft it came from. */
    draftKey: z.string().max(2000).optional(),
    /** When the user pressed Send (ms): a lookup only counts the user's messages since. */
    createdAt: z.number().int(),
    state: OutboxState,
    /** Why it was not sent, as a sentence (failed only). */
    reason: z.string().max(2000).optional(),
  }),
);
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OutboxSendArgs = lazySchema(() =>
  z
    .object({
      accountId,
      to: SendTo,
      content: z.string().trim().min(1, 'write a message').max(1_000_000),
      where: z.string().max(1000).optional(),
      draftKey: z.string().max(2000).optional(),
    })
    .strict(),
);
export const OutboxListArgs = lazySchema(() => z.object({ accountId }).strict());
export const OutboxItemArgs = lazySchema(() => z.object({ accountId, localId }).strict());

/** Pushed on every change: the account's whole outbox (small), and what was just confirmed. */
export const OutboxChanged = lazySchema(() =>
  z.object({
    accountId,
    entries: z.array(OutboxEntry),
    confirmed: z.array(z.object({ localId, messageId: z.number().int() })),
  }),
);

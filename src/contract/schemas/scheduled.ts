/**
 * Scheduled messages (upstream's `/scheduled_messages`; docs/api-notes.md): the server sends
 * each at its time as its author; one it could not send stays listed as failed.
 */
import { z } from 'zod';
import { SendTo } from './messages.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));
const id = lazySchema(() => z.number().int().positive());
/** UNIX seconds. */
const at = lazySchema(() => z.number().int().positive());
const content = lazySchema(() => z.string().trim().min(1, 'write a message').max(1_000_000));

export const ScheduledWire = lazySchema(() =>
  z.object({
    id,
    to: SendTo,
    /** Where it goes, in words: "#general > release" or the people's names. */
    where: z.string().max(2000),
    content: z.string(),
    at,
    /** The server tried to send it at its time and could not: it needs a new time. */
    failed: z.boolean(),
  }),
);
export type ScheduledWire = z.infer<typeof ScheduledWire>;

export const ScheduledListArgs = lazySchema(() => z.object({ accountId }).strict());
export const ScheduleArgs = lazySchema(() =>
  z.object({ accountId, to: SendTo, content, at }).strict(),
);
/** What is given changes. */
export const RescheduleArgs = lazySchema(() =>
  z
    .object({
      accountId,
      id,
      to: SendTo.optional(),
      content: content.optional(),
      at: at.optional(),
    })
    .strict(),
);
export const ScheduledItemArgs = lazySchema(() => z.object({ accountId, id }).strict());
/** Pushed when the account's scheduled messages changed (any device, or sent at their time). */
export const ScheduledChanged = lazySchema(() => z.object({ accountId }));

/**
 * The shapes the Activity panel receives over RPC: each account's queue health, the "why"
 * log and Do Not Disturb. contract.ts lists them under its channels and topics.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

export const QueueHealthWire = lazySchema(() =>
  z.object({
    state: z.enum([
      'idle',
      'registering',
      'polling',
      'not_answering',
      'backoff',
      'stopped',
      'needs_attention',
    ]),
    queueId: z.string().optional(),
    lastEventId: z.number().int(),
    lastEventAt: z.number().optional(),
    lastHeartbeatAt: z.number().optional(),
    silentSince: z.number().optional(),
    offlineSince: z.number().optional(),
    reconnects: z.number().int().nonnegative(),
    failures: z.number().int().nonnegative(),
    retryAt: z.number().optional(),
    lastError: z.string().optional(),
    rateLimitedUntil: z.number().optional(),
    rateLimitedEndpoint: z.string().optional(),
  }),
);
export type QueueStateWire = z.infer<typeof QueueHealthWire>['state'];

export const AccountSyncStatusWire = lazySchema(() =>
  z.object({
    accountId: z.string(),
    health: QueueHealthWire,
    /** The account's encrypted copy on this computer (docs/architecture.md, "The cache on disk"). */
    cache: z
      .object({
        on: z.boolean(),
        /** While the views show the saved copy, before the server answered: when it was saved. */
        showingSavedAt: z.number().nullable(),
        note: z.object({ text: z.string(), code: z.string(), at: z.number() }).nullable(),
      })
      .optional(),
    /**
     * The last reaction, star or read mark made offline that the server refused once it
     * answered (the message was deleted meanwhile), in a sentence (docs/architecture.md "Writes").
     */
    droppedWrite: z.object({ text: z.string(), code: z.string(), at: z.number() }).optional(),
  }),
);

const ruleId = lazySchema(() => z.string().regex(/^[ABC]\d$/));

export const DecisionEntryWire = lazySchema(() =>
  z.object({
    messageId: z.number().int(),
    senderId: z.number().int(),
    senderName: z.string(),
    conversation: z.string(),
    desktop: z.boolean(),
    sound: z.boolean(),
    reason: z.string(),
    rules: z.object({ desktop: ruleId, sound: ruleId }),
    silencedByDnd: z.boolean(),
    missed: z.boolean(),
    action: z.string().optional(),
    at: z.number(),
  }),
);

export const DndChoiceWire = lazySchema(() => z.enum(['off', 'hour', 'tomorrow', 'indefinite']));

export const DndStateWire = lazySchema(() =>
  z.object({
    active: z.boolean(),
    until: z.number().nullable(),
  }),
);

/** Unsent drafts kept by the Core per account: the wire and file shapes. */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

/** Where a draft goes when the user picked it; names travel with ids, as compose holds them. */
export const DraftRecipient = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('stream'),
      streamId: z.number().int(),
      channel: z.string().max(200),
    }),
    z.object({
      type: z.literal('direct'),
      users: z.array(z.object({ id: z.number().int(), name: z.string().max(200) })).max(100),
    }),
  ]),
);

export const DraftWire = lazySchema(() =>
  z.object({
    /** The narrow the draft belongs to, as text ("" for all messages). */
    key: z.string().max(2000),
    content: z.string().min(1).max(100_000),
    topic: z.string().max(500),
    /** Set when the user picked where it goes (restored as picked). */
    recipient: DraftRecipient.optional(),
    /** Where it goes, picked or the narrow's own conversation: what the server copy names. */
    target: DraftRecipient.optional(),
    /** Where it was going, in words, for the Drafts view. */
    where: z.string().max(1000).optional(),
    /** When it was last changed (ms); the oldest go first past the bound. */
    updatedAt: z.number().int(),
    /** The server's copy (enable_drafts_synchronization), once it has one. */
    serverId: z.number().int().optional(),
  }),
);
export type DraftWire = z.infer<typeof DraftWire>;

export const DraftsArgs = lazySchema(() => z.object({ accountId }).strict());
export const SaveDraftArgs = lazySchema(() =>
  z
    .object({ accountId, draft: DraftWire.omit({ updatedAt: true, serverId: true }).strict() })
    .strict(),
);
export const DeleteDraftArgs = lazySchema(() =>
  z.object({ accountId, key: z.string().max(2000) }).strict(),
);

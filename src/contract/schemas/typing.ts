/** Typing notifications over the RPC, both ways. */
import { z } from 'zod';
import { SendTo } from './messages.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

/** Where the user is typing: a DM's other people, or a channel and its topic. */
export const TypingTarget = lazySchema(() =>
  z.discriminatedUnion('type', [
    z
      .object({
        type: z.literal('stream'),
        streamId: z.number().int().positive(),
        topic: z.string().max(60),
      })
      .strict(),
    SendTo.options[1],
  ]),
);
export type TypingTarget = z.infer<typeof TypingTarget>;

/** A keystroke in a draft (`active`), or the draft sent, emptied or left (`!active`). */
export const TypingArgs = lazySchema(() =>
  z.object({ accountId, to: TypingTarget, active: z.boolean() }).strict(),
);

export const Typists = lazySchema(() =>
  z.object({
    accountId: z.string(),
    typing: z.array(
      z.object({
        to: TypingTarget,
        userIds: z.array(z.number().int()),
        names: z.array(z.string()),
      }),
    ),
  }),
);
export type Typists = z.infer<typeof Typists>;

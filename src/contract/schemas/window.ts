/**
 * Where the reader left the window (docs/architecture.md "No window"): closing it destroys
 * the renderer, and the Core keeps this so the next window opens there, painted from the
 * Core's state with no click.
 */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';
import { NarrowTermWire } from './messages.ts';

/** The window's sections, as App.svelte names them. */
export const WindowView = lazySchema(() =>
  z.enum([
    'about',
    'inbox',
    'recent',
    'messages',
    'channels',
    'accounts',
    'activity',
    'settings',
    'admin',
    'preferences',
  ]),
);
export type WindowView = z.infer<typeof WindowView>;

export const WindowPlace = lazySchema(() =>
  z
    .object({
      view: WindowView,
      /** The account Messages (and Settings) showed. */
      accountId: z.string().min(1).max(200).optional(),
      /** Messages: the narrow on screen, as its terms. */
      narrow: z.array(NarrowTermWire).max(20).optional(),
      /** Messages: where that narrow was opened, unless at one message. */
      anchor: z.enum(['newest', 'oldest', 'first_unread']).optional(),
      /** Messages: the message the reader was on, reopened as the anchor. */
      at: z.number().int().positive().optional(),
    })
    .strict(),
);
export type WindowPlace = z.infer<typeof WindowPlace>;

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

/**
 * The largest picture the Core keeps, in UTF-16 units: under the WebSocket's frame limit
 * (src/contract/wire.ts) with the call around it, for text of one byte a unit; a page whose
 * picture is larger sends none, and the next window opens as it did before pictures.
 */
export const MAX_PICTURE_CHARS = 700_000;

/**
 * The window's last picture (docs/architecture.md "No window"): its own DOM as the page last
 * showed it, serialized by src/renderer/lib/window-picture.ts as the window is hidden or
 * closed. Browser mode's host serves it inside the next window's page, drawn before the
 * page's script has run, and the App replaces it once mounted.
 */
export const WindowPicture = lazySchema(() =>
  z
    .object({
      html: z.string().max(MAX_PICTURE_CHARS),
      /** The page's width in CSS pixels when taken: another width lays it out otherwise. */
      width: z.number().int().min(1).max(100_000),
    })
    .strict(),
);
export type WindowPicture = z.infer<typeof WindowPicture>;

/**
 * The sections a picture is kept of: those whose code and stylesheet are in the page's entry
 * (App.svelte loads the others when first opened), so a picture of one is drawn styled.
 */
export const PICTURED_VIEWS: readonly WindowView[] = ['messages', 'inbox', 'recent'];

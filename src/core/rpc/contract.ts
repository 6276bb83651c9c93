/**
 * The single list of what the renderer may ask the Core (channels) and what the Core pushes
 * to it (topics). Both ends infer their types from here; the handler side validates every
 * incoming argument with these schemas before any handler runs.
 */
import { z } from 'zod';

const channel = <A extends z.ZodType, R extends z.ZodType>(args: A, result: R) => ({
  args,
  result,
});
const noArgs = z.object({}).strict();

export const Theme = z.enum(['system', 'light', 'dark']);

export const Preferences = z.object({
  theme: Theme,
  /** Closing the window keeps Perch in the tray instead of quitting. */
  closeToTray: z.boolean(),
  startAtLogin: z.boolean(),
});
export type Preferences = z.infer<typeof Preferences>;

export const CoreStatus = z.object({
  state: z.enum(['starting', 'ready', 'stopping']),
  accounts: z.number().int().nonnegative(),
  uptimeSeconds: z.number().nonnegative(),
});
export type CoreStatus = z.infer<typeof CoreStatus>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  runtime: z.string(),
  transport: z.enum(['electron', 'web']),
  startedAt: z.number(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const channels = {
  'app.info': channel(noArgs, AppInfo),
  'app.status': channel(noArgs, CoreStatus),
  'prefs.get': channel(noArgs, Preferences),
  'prefs.set': channel(
    Preferences.partial()
      .strict()
      .refine((p) => Object.keys(p).length > 0, {
        message: 'name at least one preference to change',
      }),
    Preferences,
  ),
} as const;

export const topics = {
  'core.status': CoreStatus,
  'prefs.changed': Preferences,
} as const;

export type Channel = keyof typeof channels;
export type Topic = keyof typeof topics;
/** What a caller passes (before defaults and transforms). */
export type ArgsIn<C extends Channel> = z.input<(typeof channels)[C]['args']>;
/** What a handler receives (after validation). */
export type Args<C extends Channel> = z.output<(typeof channels)[C]['args']>;
export type Result<C extends Channel> = z.output<(typeof channels)[C]['result']>;
export type Payload<T extends Topic> = z.output<(typeof topics)[T]>;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}

export function isTopic(name: unknown): name is Topic {
  return typeof name === 'string' && Object.hasOwn(topics, name);
}

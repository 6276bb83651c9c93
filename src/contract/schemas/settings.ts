/** Wire shapes of the user's own settings: read, change, and pushes. */
import { z } from 'zod';
import { DefaultsValues, type DefaultsParam } from './admin-org.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

const accountId = lazySchema(() => z.string().min(1));

export const SettingsArgs = lazySchema(() => z.object({ accountId }).strict());

export const SettingValueWire = lazySchema(() =>
  z.union([z.boolean(), z.number(), z.string(), z.null()]),
);

export const NotificationEffectWire = lazySchema(() =>
  z.object({
    kind: z.enum(['dm', 'mention', 'wildcard', 'channel', 'followed']),
    desktop: z.boolean(),
    sound: z.boolean(),
    text: z.string(),
  }),
);
export type NotificationEffectWire = z.infer<typeof NotificationEffectWire>;

export const SettingsSnapshotWire = lazySchema(() =>
  z.object({
    featureLevel: z.number().int(),
    /** Only the settings the server has at its feature level; a missing one is not shown. */
    values: z.record(z.string(), SettingValueWire),
    sounds: z.array(z.string()),
    effects: z.array(NotificationEffectWire),
  }),
);
export type SettingsSnapshotWire = z.infer<typeof SettingsSnapshotWire>;

/**
 * Settings a user has that the organization defaults do not (PATCH /settings only): the
 * profile time zone others' cards show and the language of the server's emails and web app.
 * Shown when the server's register sends them.
 */
export const PERSONAL_ONLY = ['timezone', 'default_language'] as const;
/** A setting of the user's own: one of the defaults or one of PERSONAL_ONLY. */
export type OwnParam = DefaultsParam | (typeof PERSONAL_ONLY)[number];

/**
 * PATCH /settings takes every parameter of the defaults, checked with the same rules, and
 * the user's own time zone ('' for none; the server checks the IANA name) and language.
 */
const OwnValues = lazySchema(() =>
  DefaultsValues.extend({
    timezone: z.string().max(64).optional(),
    default_language: z.string().min(1).max(16).optional(),
  }).strict(),
);

export const UpdateSettingsArgs = lazySchema(() =>
  z
    .object({
      accountId,
      changes: OwnValues.refine((c) => Object.keys(c).length > 0, 'nothing to change'),
    })
    .strict(),
);

/** Settings changed (here, on another device, or by a new registration): only those. */
export const SettingsChanged = lazySchema(() =>
  z.object({
    accountId: z.string(),
    values: z.record(z.string(), SettingValueWire),
    effects: z.array(NotificationEffectWire),
  }),
);

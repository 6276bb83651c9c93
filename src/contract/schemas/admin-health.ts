/** Wire shape of the organization health view (src/core/admin/health.ts). */
import { z } from 'zod';
import { lazySchema } from '../../lib/lazy-schema.ts';

const count = lazySchema(() => z.number().int().nonnegative());
const settingValue = lazySchema(() => z.union([z.boolean(), z.number(), z.string()]));

export const HealthFindingWire = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('deactivated-in-groups'),
      user: z.string(),
      groups: z.array(z.string()),
    }),
    z.object({
      kind: z.literal('bot-without-owner'),
      bot: z.string(),
      owner: z.string().nullable(),
    }),
    z.object({
      kind: z.literal('invite-expiring'),
      invitee: z.string().nullable(),
      linkUrl: z.string().nullable(),
      expiresAtMs: z.number(),
    }),
    z.object({ kind: z.literal('channel-without-subscribers'), channel: z.string() }),
    z.object({
      kind: z.literal('linkifier-refused'),
      pattern: z.string(),
      urlTemplate: z.string(),
      reason: z.string(),
    }),
    z.object({
      kind: z.literal('default-changed'),
      setting: z.string(),
      value: settingValue,
      builtIn: settingValue,
    }),
  ]),
);
export type HealthFindingWire = z.infer<typeof HealthFindingWire>;

export const HealthReportWire = lazySchema(() =>
  z.object({
    realmName: z.string(),
    roles: z.object({
      owner: count,
      administrator: count,
      moderator: count,
      member: count,
      guest: count,
      bots: count,
      deactivated: count,
    }),
    findings: z.array(HealthFindingWire),
    unchecked: z.array(z.string()),
    /** When the Core looked, so the view can say how fresh it is. */
    checkedAtMs: z.number(),
  }),
);
export type HealthReportWire = z.infer<typeof HealthReportWire>;

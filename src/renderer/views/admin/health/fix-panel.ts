/**
 * Which admin panel fixes each kind of health finding. Panels come and go with the console's
 * growth, so each kind names the panels that can fix it, best first, and the first one the
 * signed-in role can open wins; none means the line shows no link.
 */
import type { HealthFindingWire } from '../../../../contract/schemas/admin-health.ts';

export type FixKind = HealthFindingWire['kind'] | 'roles';

const FIXED_IN: Record<FixKind, readonly string[]> = {
  roles: ['people', 'users'],
  'deactivated-in-groups': ['user-groups'],
  'bot-without-owner': ['people', 'users'],
  'invite-expiring': ['invitations'],
  // "Subscriptions" manages who is in a channel until a channel list exists.
  'channel-without-subscribers': ['channels', 'subscriptions'],
  'linkifier-refused': ['linkifiers'],
  'default-changed': ['defaults'],
};

export type PanelRef = { id: string; label: string };

export function fixPanel(kind: FixKind, available: readonly PanelRef[]): PanelRef | undefined {
  for (const id of FIXED_IN[kind]) {
    const panel = available.find((p) => p.id === id);
    if (panel) return panel;
  }
  return undefined;
}

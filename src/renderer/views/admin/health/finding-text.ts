/** The health view's sentences: names and meanings, never ids or setting codes. */
import type {
  HealthFindingWire,
  HealthReportWire,
} from '../../../../contract/schemas/admin-health.ts';
import type { DefaultsParam } from '../../../../contract/schemas/admin-org.ts';
import { CATALOG, valueLabel } from '../rules/defaults-catalog.ts';

const isCatalogued = (setting: string): setting is DefaultsParam => Object.hasOwn(CATALOG, setting);

/** "a, b and c". */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "in 3 hours", "in 40 minutes": how soon, in the largest unit that is at least one. */
export function fromNow(atMs: number, nowMs: number): string {
  const minutes = Math.max(0, Math.round((atMs - nowMs) / 60_000));
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  return minutes >= 60
    ? rtf.format(Math.floor(minutes / 60), 'hour')
    : rtf.format(minutes, 'minute');
}

export function findingText(f: HealthFindingWire, nowMs: number): string {
  switch (f.kind) {
    case 'deactivated-in-groups':
      return `${f.user} is deactivated but still in ${listOf(f.groups)}.`;
    case 'bot-without-owner':
      return f.owner === null
        ? `${f.bot} has no owner.`
        : `${f.bot} belongs to ${f.owner}, who is deactivated.`;
    case 'invite-expiring': {
      const when = `${fromNow(f.expiresAtMs, nowMs)} (${new Date(f.expiresAtMs).toLocaleString()})`;
      return f.invitee !== null
        ? `The invitation to ${f.invitee} expires ${when}.`
        : `The invitation link ${f.linkUrl ?? ''} expires ${when}.`;
    }
    case 'channel-without-subscribers':
      return `#${f.channel} has no subscribers.`;
    case 'linkifier-refused':
      return `The server would refuse the pattern ${f.pattern} today: ${f.reason}.`;
    case 'default-changed': {
      if (!isCatalogued(f.setting))
        return `${f.setting}: ${String(f.value)} (built-in: ${String(f.builtIn)}).`;
      const label = CATALOG[f.setting].label;
      return `${label}: ${valueLabel(f.setting, f.value)} (built-in: ${valueLabel(f.setting, f.builtIn)}).`;
    }
  }
}

/** The checks in the order the view lists them, with what each says when it finds nothing. */
export const CHECKS: readonly { kind: HealthFindingWire['kind']; title: string; clean: string }[] =
  [
    {
      kind: 'deactivated-in-groups',
      title: 'Deactivated users still in groups',
      clean: 'No deactivated user is in a group.',
    },
    {
      kind: 'bot-without-owner',
      title: 'Bots without an active owner',
      clean: 'Every active bot has an active owner.',
    },
    {
      kind: 'invite-expiring',
      title: 'Invitations expiring within a day',
      clean: 'No invitation expires within a day.',
    },
    {
      kind: 'channel-without-subscribers',
      title: 'Channels with no subscribers',
      clean: 'Every channel has subscribers.',
    },
    {
      kind: 'linkifier-refused',
      title: 'Linkifiers the server would refuse today',
      clean: 'Every linkifier pattern is one the server accepts.',
    },
    {
      kind: 'default-changed',
      title: 'Defaults for new users that differ from the built-in ones',
      clean: 'New users get the built-in defaults.',
    },
  ];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function rolesText(r: HealthReportWire['roles']): string {
  return [
    plural(r.owner, 'owner', 'owners'),
    plural(r.administrator, 'administrator', 'administrators'),
    plural(r.moderator, 'moderator', 'moderators'),
    plural(r.member, 'member', 'members'),
    plural(r.guest, 'guest', 'guests'),
    plural(r.bots, 'bot', 'bots'),
    `${r.deactivated} deactivated`,
  ].join(' · ');
}

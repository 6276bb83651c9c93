/** Spec 4.19 deletion_delay_days rules, with the range the server publishes. */

export type DelayChoice =
  | { kind: 'days'; days: number }
  | { kind: 'never' } // null: data kept indefinitely
  | { kind: 'immediately' }; // 0: deleted at once, reactivation impossible

export type DeactivationLimits = {
  min: number | null;
  max: number | null;
  isDemo: boolean;
  ownerHasEmail: boolean;
  demoDaysLeft: number | null;
};

export function delayValue(c: DelayChoice): number | null {
  if (c.kind === 'never') return null;
  return c.kind === 'immediately' ? 0 : c.days;
}

/** The choices this organization allows, so the form never offers one the server refuses. */
export function allowedKinds(l: DeactivationLimits): DelayChoice['kind'][] {
  if (l.isDemo) return l.ownerHasEmail ? ['days', 'immediately'] : ['immediately'];
  const kinds: DelayChoice['kind'][] = ['days'];
  if (l.max === null) kinds.push('never');
  if (l.min === null) kinds.push('immediately');
  return kinds;
}

/** The rule the chosen delay breaks, named; undefined when it may be sent. */
export function checkDelay(c: DelayChoice, l: DeactivationLimits): string | undefined {
  if (l.isDemo) {
    if (!l.ownerHasEmail && delayValue(c) !== 0)
      return 'A demo organization whose owner has no email must be deleted immediately (0 days).';
    if (c.kind === 'never') return 'A demo organization must have a deletion date.';
    if (c.kind === 'days') {
      if (!Number.isInteger(c.days) || c.days < 0) return 'Enter a whole number of days.';
      if (l.demoDaysLeft !== null && c.days > l.demoDaysLeft)
        return `At most ${l.demoDaysLeft} days: the demo organization is deleted then anyway.`;
    }
    return undefined;
  }
  if (c.kind === 'never')
    return l.max === null
      ? undefined
      : `This server deletes data after at most ${l.max} days; keeping it indefinitely is not allowed.`;
  if (c.kind === 'immediately')
    return l.min === null
      ? undefined
      : `This server keeps data at least ${l.min} days; immediate deletion is not allowed.`;
  if (!Number.isInteger(c.days) || c.days < 1) return 'Enter a whole number of days, at least 1.';
  if (l.min !== null && c.days < l.min) return `At least ${l.min} days on this server.`;
  if (l.max !== null && c.days > l.max) return `At most ${l.max} days on this server.`;
  return undefined;
}

/**
 * What will happen, in plain words. Given the limits, a choice the server would refuse is
 * never described as if it would happen: the text then says what the limit means instead,
 * so it cannot contradict the rule shown next to the field.
 */
export function consequence(c: DelayChoice, l?: DeactivationLimits): string {
  const base =
    'Everyone in the organization is signed out at once and nobody can sign in any more. ';
  if (l && checkDelay(c, l) !== undefined) {
    if (l.isDemo && l.demoDaysLeft !== null && c.kind === 'days' && c.days > l.demoDaysLeft)
      return `Nothing happens yet: a demo organization is deleted permanently on its scheduled date, in ${l.demoDaysLeft} day${l.demoDaysLeft === 1 ? '' : 's'}, so its data cannot be kept longer.`;
    return 'Nothing happens yet: choose what happens to the data within the rule above.';
  }
  if (c.kind === 'never')
    return base + 'Its data is kept indefinitely, so the organization can be reactivated later.';
  if (c.kind === 'immediately' || c.days === 0)
    return base + 'Its data is deleted immediately; the organization can never be reactivated.';
  return (
    base +
    `Its data is deleted permanently after ${c.days} day${c.days === 1 ? '' : 's'}; until then the organization can be reactivated by the server's administrators.`
  );
}

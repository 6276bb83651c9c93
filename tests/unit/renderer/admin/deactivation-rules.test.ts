import { describe, expect, it } from 'vitest';
import {
  allowedKinds,
  checkDelay,
  consequence,
} from '../../../../src/renderer/views/admin/rules/deactivation-rules.ts';

const regular = { isDemo: false, ownerHasEmail: true, demoDaysLeft: null };

describe('deletion delay on a regular organization', () => {
  it('keeps the delay within the published range', () => {
    const l = { ...regular, min: 14, max: 90 };
    expect(checkDelay({ kind: 'days', days: 13 }, l)).toMatch(/At least 14/);
    expect(checkDelay({ kind: 'days', days: 14 }, l)).toBeUndefined();
    expect(checkDelay({ kind: 'days', days: 90 }, l)).toBeUndefined();
    expect(checkDelay({ kind: 'days', days: 91 }, l)).toMatch(/At most 90/);
  });

  it('allows null only without a maximum and 0 only without a minimum', () => {
    expect(checkDelay({ kind: 'never' }, { ...regular, min: 14, max: 90 })).toMatch(/indefinitely/);
    expect(checkDelay({ kind: 'never' }, { ...regular, min: 14, max: null })).toBeUndefined();
    expect(checkDelay({ kind: 'immediately' }, { ...regular, min: 14, max: null })).toMatch(/14/);
    expect(
      checkDelay({ kind: 'immediately' }, { ...regular, min: null, max: null }),
    ).toBeUndefined();
    expect(allowedKinds({ ...regular, min: 14, max: null })).toEqual(['days', 'never']);
    expect(allowedKinds({ ...regular, min: null, max: 30 })).toEqual(['days', 'immediately']);
  });
});

describe('deletion delay on a demo organization', () => {
  const demo = { isDemo: true, min: 14, max: null };

  it('requires 0 when the owner has no email', () => {
    const l = { ...demo, ownerHasEmail: false, demoDaysLeft: 20 };
    expect(allowedKinds(l)).toEqual(['immediately']);
    expect(checkDelay({ kind: 'days', days: 3 }, l)).toMatch(/immediately/);
    expect(checkDelay({ kind: 'immediately' }, l)).toBeUndefined();
  });

  it('allows no more than the days left before scheduled deletion, and never null', () => {
    const l = { ...demo, ownerHasEmail: true, demoDaysLeft: 20 };
    expect(checkDelay({ kind: 'days', days: 20 }, l)).toBeUndefined();
    expect(checkDelay({ kind: 'days', days: 21 }, l)).toMatch(/At most 20/);
    expect(checkDelay({ kind: 'never' }, l)).toMatch(/deletion date/);
  });
});

describe('the plain statement', () => {
  it('says reactivation is impossible after immediate deletion and possible otherwise', () => {
    expect(consequence({ kind: 'immediately' })).toMatch(/never be reactivated/);
    expect(consequence({ kind: 'days', days: 30 })).toMatch(/after 30 days/);
    expect(consequence({ kind: 'never' })).toMatch(/kept indefinitely/);
  });

  it('never describes a delay the limits refuse as what will happen', () => {
    const l = { isDemo: true, min: 14, max: null, ownerHasEmail: true, demoDaysLeft: 29 };
    const refused = consequence({ kind: 'days', days: 45 }, l);
    expect(refused).not.toMatch(/45 days/);
    expect(refused).toMatch(/in 29 days/);
    expect(consequence({ kind: 'days', days: 12 }, l)).toMatch(/after 12 days/);
    const server = { min: 14, max: 60, isDemo: false, ownerHasEmail: true, demoDaysLeft: null };
    expect(consequence({ kind: 'days', days: 90 }, server)).not.toMatch(/90 days/);
  });
});

/**
 * A pushed topic reaches the listeners that take it, and one that nobody takes is neither
 * checked nor sent, so its producer may skip building it.
 */
import { describe, expect, it } from 'vitest';
import { PushBus } from '../../../src/core/push-bus.ts';

const dnd = { active: false, until: undefined, choice: 'off' } as never;

describe('the push bus', () => {
  it('gives each listener only the topics it takes; one without interest takes all', () => {
    const bus = new PushBus();
    const prefsOnly: string[] = [];
    const all: string[] = [];
    bus.subscribe(
      (t) => prefsOnly.push(t),
      (t) => t === 'prefs.changed',
    );
    const offAll = bus.subscribe((t) => all.push(t));
    bus.publish('prefs.changed', { theme: 'dark', closeToTray: true, startAtLogin: false });
    expect(prefsOnly).toEqual(['prefs.changed']);
    expect(all).toEqual(['prefs.changed']);
    expect(bus.wanted('inbox.patch')).toBe(true);
    offAll();
    expect(bus.wanted('inbox.patch')).toBe(false);
    expect(bus.wanted('prefs.changed')).toBe(true);
  });

  it('does not even check a topic nobody takes', () => {
    const bus = new PushBus();
    bus.subscribe(
      () => undefined,
      (t) => t === 'prefs.changed',
    );
    // Malformed, but nobody takes it: nothing to refuse, nothing sent.
    expect(() => bus.publish('dnd.changed', dnd)).not.toThrow();
    // Taken, the same payload is refused before it reaches anyone.
    bus.subscribe(
      () => undefined,
      (t) => t === 'dnd.changed',
    );
    expect(() => bus.publish('dnd.changed', dnd)).toThrow();
  });
});

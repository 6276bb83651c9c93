/**
 * What one window is sent: the topics it follows, and of a topic it names accounts for only
 * those accounts' pushes; until it says anything, everything, so nothing is lost before.
 */
import { describe, expect, it } from 'vitest';
import {
  pushAccount,
  WindowInterest,
  WindowInterests,
} from '../../../src/contract/window-interest.ts';
import { PushBus } from '../../../src/core/push-bus.ts';

describe("a window's interest", () => {
  it('takes every topic of every account before the window has said anything', () => {
    const interest = new WindowInterest();
    expect(interest.wants('messages.events', 'a')).toBe(true);
    expect(interest.wants('prefs.changed')).toBe(true);
  });

  it('takes a per-account topic only for the accounts named, other topics for all', () => {
    const interest = new WindowInterest();
    expect(interest.set(['messages.events', 'messages.typing'], { 'messages.events': ['a'] })).toBe(
      true,
    );
    expect(interest.wants('messages.events', 'a')).toBe(true);
    expect(interest.wants('messages.events', 'b')).toBe(false);
    expect(interest.wants('messages.typing', 'b')).toBe(true);
    expect(interest.wants('prefs.changed')).toBe(false);
    // Switching account: the new one from now on, the old one no more.
    interest.set(['messages.events'], { 'messages.events': ['b'] });
    expect(interest.wants('messages.events', 'b')).toBe(true);
    expect(interest.wants('messages.events', 'a')).toBe(false);
    // A view showing all accounts names none.
    interest.set(['messages.events']);
    expect(interest.wants('messages.events', 'a')).toBe(true);
  });

  it('refuses a malformed or oversized account list and keeps what it had', () => {
    const interest = new WindowInterest();
    interest.set(['messages.events'], { 'messages.events': ['a'] });
    const refused: unknown[] = [
      ['a'],
      'everything',
      { 'messages.events': 'a' },
      { 'messages.events': [1] },
      { 'messages.events': Array.from({ length: 101 }, (_, i) => `id${i}`) },
      { 'messages.events': ['x'.repeat(201)] },
      Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`topic${i}`, ['a']])),
    ];
    for (const accounts of refused) {
      expect(interest.set(['messages.events'], accounts)).toBe(false);
    }
    expect(interest.wants('messages.events', 'a')).toBe(true);
    expect(interest.wants('messages.events', 'b')).toBe(false);
  });

  it('lets the bus skip a push no window shows the account of', () => {
    const bus = new PushBus();
    const interest = new WindowInterest();
    interest.set(['messages.events'], { 'messages.events': ['a'] });
    const heard: unknown[] = [];
    bus.subscribe((_t, payload) => heard.push(pushAccount(payload)), interest.wants);
    expect(bus.wanted('messages.events', 'a')).toBe(true);
    expect(bus.wanted('messages.events', 'b')).toBe(false);
    bus.publish('messages.events', { accountId: 'b', events: [] });
    bus.publish('messages.events', { accountId: 'a', events: [] });
    expect(heard).toEqual(['a']);
  });
});

/**
 * A webContents as Electron has it around its 'destroyed' event: Electron marks the object
 * destroyed before it emits the event (WebContents::WebContentsDestroyed in
 * shell/browser/api/electron_api_web_contents.cc), so from then on reading its id throws
 * "Object has been destroyed".
 */
class FakeContents {
  #destroyed = false;
  readonly #gone: (() => void)[] = [];
  constructor(readonly realId: number) {}
  get id(): number {
    if (this.#destroyed) throw new TypeError('Object has been destroyed');
    return this.realId;
  }
  once(_event: 'destroyed', listener: () => void): this {
    this.#gone.push(listener);
    return this;
  }
  /** The window closes: its listeners run once it is already marked destroyed. */
  destroy(): void {
    this.#destroyed = true;
    for (const listener of this.#gone.splice(0)) listener();
  }
}

describe("several windows' interests (Electron's, by webContents)", () => {
  it('forgets a closed window without asking the destroyed webContents anything', () => {
    const interests = new WindowInterests();
    const first = new FakeContents(1);
    const second = new FakeContents(2);
    interests.set(first, ['prefs.changed']);
    interests.set(second, ['dnd.changed']);
    // A reloaded page says its topics again: still one entry for that window.
    interests.set(first, ['prefs.changed', 'dnd.changed']);
    expect(interests.size).toBe(2);
    expect(interests.wants(2, 'prefs.changed')).toBe(false);

    expect(() => first.destroy()).not.toThrow();
    expect(interests.size).toBe(1);
    expect(() => second.destroy()).not.toThrow();
    expect(interests.size).toBe(0);
  });
});

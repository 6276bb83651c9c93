import { describe, expect, it } from 'vitest';
import type { ComposeDirectory } from '../../../../../src/contract/schemas/compose.ts';
import {
  buildIndex,
  findTrigger,
  matchChannels,
  matchPeople,
  suggest,
  type CompletionContext,
  type Trigger,
} from '../../../../../src/renderer/views/messages/compose/matching.ts';

const user = (id: number, name: string, email: string, active = true) => ({
  id,
  name,
  email,
  active,
  bot: false,
});

const directory: ComposeDirectory = {
  users: [
    user(1, 'Ada Lovelace', 'ada@example.com'),
    user(2, 'Alan Turing', 'alan@example.com'),
    user(3, 'Grace Hopper', 'grace@navy.example'),
    user(4, 'Sam Lee', 'sam1@example.com'),
    user(5, 'Sam Lee', 'sam2@example.com'),
    user(6, 'Adam Gone', 'adam@example.com', false),
  ],
  groups: [{ id: 10, name: 'admins', description: 'People who run things', size: 3 }],
  channels: [
    { id: 100, name: 'general', subscribed: true, subscribers: 40 },
    { id: 101, name: 'design', subscribed: true, subscribers: 4 },
    { id: 102, name: 'dev help', subscribed: false, subscribers: null },
  ],
  enterSends: true,
  mayMentionMany: false,
};
const index = buildIndex(directory);
const ctx = (channelId: number | undefined): CompletionContext => ({
  channelId,
  myUserId: 1,
  topicsOf: (name) => (name === 'general' ? ['deploys', 'Lunch plans', 'deploy freeze'] : []),
  searchEmoji: (q) => [{ name: 'tada', code: '1f389' }].filter((e) => e.name.startsWith(q)),
  glyphOf: () => '🎉',
});
const at = (text: string): Trigger | undefined => findTrigger(text, text.length);

describe('findTrigger', () => {
  it('finds a mention at a word start, silent or not, with spaces in the name', () => {
    expect(at('hi @ada l')).toEqual({ kind: 'mention', silent: false, query: 'ada l', start: 3 });
    expect(at('@_gra')).toEqual({ kind: 'mention', silent: true, query: 'gra', start: 0 });
  });
  it('ignores an @ inside a word (an email address) and a finished mention', () => {
    expect(at('write to ada@example')).toBeUndefined();
    expect(at('@**Ada Lovelace** ok')).toBeUndefined();
  });
  it('finds channels and a channel>topic link', () => {
    expect(at('see #gen')).toEqual({ kind: 'channel', query: 'gen', start: 4 });
    expect(at('see #**general>dep')).toEqual({
      kind: 'topic',
      channel: 'general',
      query: 'dep',
      start: 4,
    });
  });
  it('finds emoji only after two letters, and not in a time of day', () => {
    expect(at('yay :ta')).toEqual({ kind: 'emoji', query: 'ta', start: 4 });
    expect(at('yay :t')).toBeUndefined();
    expect(at('at 10:30')).toBeUndefined();
  });
  it('looks only at the line the caret is on', () => {
    expect(at('@ada\nplain')).toBeUndefined();
  });
});

describe('suggest', () => {
  it('ranks a name prefix before a word prefix and an email match, skipping deactivated users', () => {
    const s = suggest(index, at('@ad')!, ctx(101));
    expect(s.map((x) => x.label)).toEqual(['Ada Lovelace', 'admins']);
  });
  it('finds people by email', () => {
    const s = suggest(index, at('@grace@navy')!, ctx(101));
    expect(s.map((x) => x.label)).toEqual(['Grace Hopper']);
  });
  it('writes mentions in the service syntax, with the id for shared names, silent with @_', () => {
    const sams = suggest(index, at('@sam')!, ctx(101)).map((x) => x.insert);
    expect(sams).toEqual(['@**Sam Lee|4** ', '@**Sam Lee|5** ']);
    expect(suggest(index, at('@_ada')!, ctx(101))[0]!.insert).toBe('@_**Ada Lovelace** ');
    expect(suggest(index, at('@adm')!, ctx(101)).at(-1)!.insert).toBe('@*admins* ');
  });
  it('refuses channel wildcards in a large channel without permission, allows them in a small one', () => {
    const big = suggest(index, at('@al')!, ctx(100)).find((x) => x.label === '@all');
    expect(big?.disabled).toMatch(/#general has 40 subscribers/);
    const small = suggest(index, at('@al')!, ctx(101)).find((x) => x.label === '@all');
    expect(small?.disabled).toBeUndefined();
    const allowed = buildIndex({ ...directory, mayMentionMany: true });
    expect(suggest(allowed, at('@al')!, ctx(100))[0]!.disabled).toBeUndefined();
  });
  it('offers no @channel or @topic in a direct message, and no wildcard silently', () => {
    const dm = suggest(index, at('@')!, ctx(undefined)).map((x) => x.label);
    expect(dm).toContain('@all');
    expect(dm).not.toContain('@channel');
    expect(dm).not.toContain('@topic');
    expect(suggest(index, at('@_')!, ctx(101)).some((x) => x.key.startsWith('wildcard'))).toBe(
      false,
    );
  });
  it('completes channels and the topics of a channel, prefix matches first', () => {
    expect(suggest(index, at('#de')!, ctx(101)).map((x) => x.insert)).toEqual([
      '#**design** ',
      '#**dev help** ',
    ]);
    expect(suggest(index, at('#**general>dep')!, ctx(101)).map((x) => x.insert)).toEqual([
      '#**general>deploys** ',
      '#**general>deploy freeze** ',
    ]);
  });
  it('completes emoji with their glyph', () => {
    expect(suggest(index, at(':ta')!, ctx(101))).toEqual([
      expect.objectContaining({ label: ':tada:', glyph: '🎉', insert: ':tada: ' }),
    ]);
  });
});

describe('recipient matching', () => {
  it('matches people by name or email, leaving out those already picked', () => {
    expect(matchPeople(index, 'alan@', new Set()).map((p) => p.id)).toEqual([2]);
    expect(matchPeople(index, 'a', new Set([1])).map((p) => p.name)).toContain('Alan Turing');
    expect(matchPeople(index, 'a', new Set([1])).map((p) => p.id)).not.toContain(1);
  });
  it('matches channels by any word', () => {
    expect(matchChannels(index, 'help').map((c) => c.name)).toEqual(['dev help']);
  });
});

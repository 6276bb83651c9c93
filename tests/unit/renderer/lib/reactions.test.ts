/**
 * With `display_emoji_reaction_users` on, a message with 3 reactions or fewer in all shows who
 * reacted on each chip (the user as "You"); otherwise, and with it off, counts.
 */
import { describe, expect, it } from 'vitest';
import {
  chipText,
  groupReactions,
  namesShown,
  type ReactionLike,
} from '../../../../src/renderer/lib/reactions.ts';

const ME = 1;
const names: Record<number, string> = { 1: 'Owner', 2: 'Ada Lovelace', 3: 'Bo', 4: 'Cy' };
const nameOf = (id: number) => names[id] ?? 'Someone';
const react = (user_id: number, emoji_name = 'tada', emoji_code = '1f389'): ReactionLike => ({
  emoji_name,
  emoji_code,
  reaction_type: 'unicode_emoji',
  user_id,
});

function texts(reactions: ReactionLike[], displayUsers: boolean): string[] {
  const groups = groupReactions(reactions, ME);
  const named = namesShown(groups, displayUsers);
  return groups.map((g) => chipText(g, named, ME, nameOf));
}

describe('reaction chips', () => {
  it('name who reacted on a message with three reactions or fewer', () => {
    const few = [react(2), react(ME), react(3, 'heart', '2764')];
    expect(texts(few, true)).toEqual(['Ada Lovelace, You', 'Bo']);
  });

  it('count once the message has more than three reactions in all', () => {
    const many = [react(2), react(ME), react(3, 'heart', '2764'), react(4, 'heart', '2764')];
    expect(texts(many, true)).toEqual(['2', '2']);
  });

  it('count when the user turned the names off', () => {
    expect(texts([react(2), react(ME)], false)).toEqual(['2']);
  });
});

/** A message's reactions grouped per emoji, in order of first use, with who reacted. */
export interface ReactionLike {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface ReactionGroup {
  name: string;
  code: string;
  type: string;
  userIds: number[];
  mine: boolean;
}

export function groupReactions(
  reactions: readonly ReactionLike[],
  myUserId: number,
): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const r of reactions) {
    const key = `${r.reaction_type}:${r.emoji_code}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        name: r.emoji_name,
        code: r.emoji_code,
        type: r.reaction_type,
        userIds: [],
        mine: false,
      };
      groups.set(key, group);
    }
    if (!group.userIds.includes(r.user_id)) group.userIds.push(r.user_id);
    if (r.user_id === myUserId) group.mine = true;
  }
  return [...groups.values()];
}

/**
 * Upstream's web app names the reacting users instead of counting them when the user's
 * `display_emoji_reaction_users` is on and the message has 3 reactions or fewer in all.
 */
export const MAX_REACTIONS_NAMED = 3;

export function namesShown(groups: readonly ReactionGroup[], displayUsers: boolean): boolean {
  const total = groups.reduce((n, g) => n + g.userIds.length, 0);
  return displayUsers && total <= MAX_REACTIONS_NAMED;
}

/** Who reacted, in order, the user as "You" (or `me`, mid-sentence). */
export function reactors(
  group: ReactionGroup,
  myUserId: number,
  nameOf: (userId: number) => string,
  me = 'You',
): string[] {
  return group.userIds.map((id) => (id === myUserId ? me : nameOf(id)));
}

/** What a chip says beside its emoji: the names when they are shown, else the count. */
export function chipText(
  group: ReactionGroup,
  named: boolean,
  myUserId: number,
  nameOf: (userId: number) => string,
): string {
  return named ? reactors(group, myUserId, nameOf).join(', ') : String(group.userIds.length);
}

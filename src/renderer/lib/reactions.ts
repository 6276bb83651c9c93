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

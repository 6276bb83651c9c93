/** One key per conversation, the same for every order of a group's people or topic's case. */
import type { TypingTo } from '../../api/routes/typing.ts';

export function typingKey(to: TypingTo): string {
  return to.type === 'direct'
    ? `dm:${[...to.userIds].sort((a, b) => a - b).join(',')}`
    : `stream:${to.streamId}:${to.topic.toLowerCase()}`;
}

/** One key per conversation, the same for every order of a group's people or topic's case. */

/**
 * Where someone types, as the API's POST /typing and the bridge's typing shapes both give
 * it: written out here, as lib builds on neither.
 */
export type TypingPlace =
  | { type: 'direct'; userIds: readonly number[] }
  | { type: 'stream'; streamId: number; topic: string };

export function typingKey(to: TypingPlace): string {
  return to.type === 'direct'
    ? `dm:${[...to.userIds].sort((a, b) => a - b).join(',')}`
    : `stream:${to.streamId}:${to.topic.toLowerCase()}`;
}

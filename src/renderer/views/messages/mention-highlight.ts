/**
 * Whether a message gets the whole-row mention highlight, as upstream's web app gives it: the
 * reader is mentioned personally or through a group they are in (`mentioned`), or by a
 * wildcard (`stream_wildcard_mentioned`, `topic_wildcard_mentioned`, and the older
 * `wildcard_mentioned` of servers before feature level 224). The reader's own messages are
 * not highlighted: they know what they wrote.
 */
const MENTION_FLAGS = new Set([
  'mentioned',
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
]);

export function highlightsMention(
  message: { flags: readonly string[]; sender_id: number },
  myUserId: number,
): boolean {
  return message.sender_id !== myUserId && message.flags.some((f) => MENTION_FLAGS.has(f));
}

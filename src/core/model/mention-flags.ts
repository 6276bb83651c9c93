/**
 * Which message flags make a wildcard mention (`wildcard` in docs/notifications.md "Inputs").
 * Servers before feature level 224 send only `wildcard_mentioned`; later ones still send it
 * beside the two precise flags, so counting it never changes the answer on a newer server.
 */
const WILDCARD_FLAGS = [
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'wildcard_mentioned',
];

export function isWildcardMention(flags: Iterable<string>): boolean {
  for (const flag of flags) if (WILDCARD_FLAGS.includes(flag)) return true;
  return false;
}

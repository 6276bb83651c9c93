/**
 * How a topic reads on screen. The empty topic "" has no name of its own: it shows as the
 * realm's realm_empty_topic_display_name, or the spec's default until that is known.
 */
const DEFAULT_EMPTY_TOPIC_NAME = 'general chat';

export function topicLabel(topic: string, emptyTopicName: string | undefined): string {
  if (topic !== '') return topic;
  return emptyTopicName || DEFAULT_EMPTY_TOPIC_NAME;
}

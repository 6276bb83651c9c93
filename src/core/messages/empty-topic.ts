/**
 * The empty topic "" (FL 334): asked for as it is, so a reply to it goes back to "" and not
 * to a new topic named like the realm's display name for it. Older servers have no empty
 * topic and do not know the parameter.
 */
import type { ApiClient } from '../../api/client.ts';

const EMPTY_TOPIC_LEVEL = 334;

export async function emptyTopicParams(
  client: ApiClient,
): Promise<{ allow_empty_topic_name?: boolean }> {
  const level = await client.featureLevel();
  return level >= EMPTY_TOPIC_LEVEL ? { allow_empty_topic_name: true } : {};
}

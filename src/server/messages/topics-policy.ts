/**
 * The organization's rule for the empty ("general chat") topic: upstream's realm_topics_policy
 * (register-queue, FL 392: "allow_empty_topic" or "disable_empty_topic"), which replaced the
 * boolean realm_mandatory_topics. Both are set through PATCH /realm and enforced on send.
 */
import { badRequest } from '../http/errors.ts';
import type { Params } from '../http/params.ts';
import type { ServerState } from '../state/state.ts';
import { TOPICS_POLICIES, type TopicsPolicy } from '../state/types.ts';

export const TOPICS_POLICY_LEVEL = 392;

/** The realm keys of POST /register: the policy from FL 392, and the legacy boolean. */
export function topicsPolicyKeys(state: ServerState): Record<string, unknown> {
  const policy = state.realm.topics_policy;
  return {
    ...(state.featureLevel >= TOPICS_POLICY_LEVEL ? { realm_topics_policy: policy } : {}),
    realm_mandatory_topics: policy === 'disable_empty_topic',
  };
}

/**
 * The policy PATCH /realm asks for: `topics_policy` from FL 392, `mandatory_topics` (the
 * deprecated boolean) at any level; undefined when neither is given.
 */
export function readTopicsPolicy(state: ServerState, params: Params): TopicsPolicy | undefined {
  if (state.featureLevel >= TOPICS_POLICY_LEVEL && params.has('topics_policy')) {
    const raw = params.string('topics_policy').replace(/^"(.*)"$/, '$1');
    const policy = TOPICS_POLICIES.find((p) => p === raw);
    if (!policy) throw badRequest(`Invalid topics_policy: ${raw}`);
    return policy;
  }
  const mandatory = params.optBool('mandatory_topics');
  if (mandatory === undefined) return undefined;
  return mandatory ? 'disable_empty_topic' : 'allow_empty_topic';
}

/**
 * Refuses a channel message to the empty topic where the organization disables it, in
 * upstream's words: its "general chat" error from FL 392, "Topics are required in this
 * organization" before. "(no topic)" is the empty topic as older clients wrote it.
 */
export function checkTopicAllowed(state: ServerState, topic: string): void {
  if (state.realm.topics_policy !== 'disable_empty_topic') return;
  if (topic !== '' && topic !== '(no topic)') return;
  if (state.featureLevel >= TOPICS_POLICY_LEVEL)
    throw badRequest(
      `Sending messages to the ${state.realm.empty_topic_display_name} topic is not allowed in this channel.`,
    );
  throw badRequest('Topics are required in this organization');
}

/**
 * What the notification decision (src/core/notify/policy.ts) reads of one message: the
 * account state builds it (`AccountState.policyInput`), the policy decides from it alone
 * (docs/notifications.md, "Inputs").
 */
import type { MessageType, Subscription, TopicPolicy, AccountSettings } from './state-types.ts';

/** The fields of a subscription the decision reads. */
export type PolicySubscription = Pick<
  Subscription,
  | 'is_muted'
  | 'in_home_view'
  | 'desktop_notifications'
  | 'audible_notifications'
  | 'wildcard_mentions_notify'
>;

/** `S`: what the caller holds of the subscription; the decision reads PolicySubscription. */
export interface NotificationInput<S extends PolicySubscription = Subscription> {
  message: {
    id: number;
    type: MessageType;
    stream_id?: number;
    topic?: string;
    sender_id: number;
    flags: string[];
  };
  me: { user_id: number };
  settings: AccountSettings;
  /** The subscription as the server sends it; undefined when the user has none. */
  subscription: S | undefined;
  topicPolicy: TopicPolicy;
  alreadyDecided: boolean;
  /** A direct message whose conversation the user muted in Perch (rule A8). */
  dmMuted?: boolean;
}

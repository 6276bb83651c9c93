/**
 * The rules of docs/notifications.md by id ("Rule A1" to "Rule C9"), in words a user reads in
 * the "why was I (not) notified" view. Ids are stable so the view, the logs and the docs can
 * refer to them.
 */
export type RuleId =
  | 'A1'
  | 'A2'
  | 'A5'
  | 'A6'
  | 'A7'
  | 'A8'
  | 'B1'
  | 'B2'
  | 'B3'
  | 'B4'
  | 'B5'
  | 'B6'
  | 'B7'
  | 'B8'
  | 'C1'
  | 'C2'
  | 'C3'
  | 'C4'
  | 'C5'
  | 'C6'
  | 'C7'
  | 'C8'
  | 'C9';

export const RULE_TEXT: Record<RuleId, string> = {
  A1: 'you sent this message yourself (A1)',
  A2: 'this message was already considered once, so it is never notified twice (A2)',
  A5: 'the topic is muted (A5)',
  A6: 'the channel is muted or you are not subscribed to it (A6)',
  A7: 'the message was already read (A7)',
  A8: "you muted this conversation's notifications in Perch (A8)",
  B1: 'desktop notifications are on for this channel (B1)',
  B2: 'you follow this topic and notify for followed topics (B2)',
  B3: 'desktop notifications are turned off in your settings (B3)',
  B4: 'it is a direct message (B4)',
  B5: 'you were mentioned or it contains one of your alert words (B5)',
  B6: 'it mentions everyone in the channel or topic, and you notify for such mentions here (B6)',
  B7: 'it mentions everyone in a topic you follow (B7)',
  B8: 'no setting asks for a desktop notification for this message (B8)',
  C1: 'your notification sound is set to none (C1)',
  C2: 'sounds are on for this channel (C2)',
  C3: 'you follow this topic and play sounds for followed topics (C3)',
  C4: 'sounds are turned off in your settings (C4)',
  C5: 'it is a direct message (C5)',
  C6: 'you were mentioned or it contains one of your alert words (C6)',
  C7: 'it mentions everyone in the channel or topic, and you notify for such mentions here (C7)',
  C8: 'it mentions everyone in a topic you follow (C8)',
  C9: 'no setting asks for a sound for this message (C9)',
};

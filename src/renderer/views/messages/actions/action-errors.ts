/**
 * A refused message action in words. The server's own message and code stay on the
 * details line (ErrorMessage.svelte); this says what happened and what the user can do.
 */
import { RpcError } from '../../../../contract/errors.ts';

const BY_MESSAGE: [RegExp, string][] = [
  [
    /^Invalid message\(s\)$/,
    'This message is gone: someone deleted it or moved it where you cannot see it.',
  ],
  [
    /time limit for editing this message has/,
    'The time to edit this message has run out. Your text is still here to copy.',
  ],
  [
    /time limit for editing this message's (topic|channel)/,
    'The time to move this message has run out.',
  ],
  [/time limit for deleting/, 'The time to delete this message has run out.'],
  [/turned off message editing/, 'This organization has turned off message editing.'],
  [
    /permission to (edit|move|delete)/,
    'This organization does not let you do that to this message.',
  ],
  [/^Invalid channel ID$/, 'You cannot move messages to that channel.'],
  [/^Nothing to change$/, 'Nothing changed: the message already reads that way.'],
];

export function actionSentence(err: unknown): string | undefined {
  if (!(err instanceof RpcError)) return undefined;
  const extra = err.details ?? {};
  if (err.apiCode === 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED') {
    const allowed = extra['total_messages_allowed_to_move'];
    const total = extra['total_messages_in_topic'];
    return typeof allowed === 'number' && typeof total === 'number'
      ? `Some messages are too old for you to move: only the newest ${allowed} of the ${total} may be. Move this and later ones instead, or ask a moderator.`
      : 'Some of these messages are too old for you to move. Ask a moderator.';
  }
  return BY_MESSAGE.find(([re]) => re.test(err.message))?.[1];
}

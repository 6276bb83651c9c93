/**
 * A failed send in words. A request that may never have reached the server (network, the
 * window's link to Perch, a server error) can be retried; a refusal cannot as it is, and says
 * why. Either way the text stays in compose.
 */
import { RpcError } from '../../../../contract/errors.ts';
import { explainError } from '../../admin/rules/error-sentences.ts';

export interface SendFailure {
  sentence: string;
  details: string | undefined;
  retry: boolean;
}

/** src/api's NetworkError says `network <kind>:`; a 5xx says `: HTTP 5xx: `. */
const UNREACHED = /\bnetwork \w+:|: HTTP 5\d\d: /;

export function sendFailure(err: unknown): SendFailure {
  const { sentence, details } = explainError(err);
  const retry =
    err instanceof RpcError &&
    (err.code === 'DISCONNECTED' || (err.apiCode === undefined && UNREACHED.test(err.message)));
  return {
    sentence: retry
      ? `Not sent: ${sentence} Your message is kept here.`
      : `Not sent. ${sentence} Your message is kept here.`,
    details,
    retry,
  };
}

/**
 * Any failure an admin action can meet, as sentences a user understands: what happened and
 * what to do. The server's code, its raw message and its extra fields (spec section 7) go
 * into a separate details line, for those who want the exact answer.
 */
import { RpcError } from '../../../../contract/errors.ts';
import { explainPushError } from './push-errors.ts';

export type ExplainedError = {
  /** What happened and what to do, in one or two sentences. */
  sentence: string;
  /** `CODE · raw message · field: value`; undefined when there is nothing beyond the sentence. */
  details: string | undefined;
};

type Fields = Record<string, unknown>;
type Explain = (msg: string, fields: Fields) => string;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
/** The server's words quoted inside our sentence, ending as a sentence. */
const quoted = (msg: string): string => (msg ? ` “${msg.replace(/[.\s]+$/, '')}”.` : '');

/** Spec section 7's codes; push codes come from the spec 4.20 explanations. */
const BY_CODE: Record<string, Explain> = {
  INVALID_API_KEY: () =>
    "The server no longer accepts this account's API key. Sign in to the organization again on the Accounts page.",
  REQUEST_VARIABLE_MISSING: (_m, f) =>
    `The server needs a value that was not sent${str(f['var_name']) ? ` (${str(f['var_name'])})` : ''}. Fill it in and try again.`,
  BAD_REQUEST: (m, f) =>
    str(f['parameters'])
      ? `These settings cannot be used together: ${str(f['parameters'])?.split(',').join(', ')}. Leave out all but one and try again.`
      : `The server did not accept this:${quoted(m) || ' it gave no reason.'} Check the values and try again.`,
  USER_DEACTIVATED: () =>
    'Your account in this organization has been deactivated. An administrator of the organization can reactivate it.',
  REALM_DEACTIVATED: () =>
    "This organization has been deactivated. Only its owner or the server's administrators can reactivate it.",
  RATE_LIMIT_HIT: (_m, f) =>
    typeof f['retry-after'] === 'number'
      ? `The server is receiving too many requests from you. Wait ${Math.ceil(f['retry-after'])} seconds, then try again.`
      : 'The server is receiving too many requests from you. Wait a moment, then try again.',
  UNAUTHORIZED_PRINCIPAL: () =>
    'Your role in this organization does not allow this; it may have changed since you signed in. Ask an owner or administrator of the organization.',
  INVITATION_FAILED: (m) =>
    `Some invitations were not sent:${quoted(m) || ' the server gave no reason.'} Check the addresses and try again.`,
  STREAM_DOES_NOT_EXIST: (_m, f) =>
    `There is no channel ${str(f['stream']) ? `named “${str(f['stream'])}”` : 'like that'} that you can see. It may have been renamed or archived; check the name and try again.`,
  REACTION_DOES_NOT_EXIST: () =>
    'That reaction is no longer on the message; someone may have removed it already.',
};

/** A request that never got an answer (src/api NetworkError says `network <kind>:`). */
const NETWORK = /\bnetwork (refused|reset|timeout|tls|dns|proxy|other):/;
const NETWORK_SENTENCE: Record<string, string> = {
  refused: 'The server refused the connection: it may be down or restarting. Try again shortly.',
  reset: 'The connection to the server broke off before it answered. Try again shortly.',
  timeout:
    'The server did not answer in time. Check your network connection, then try again; it may still have done it.',
  tls: "The server's certificate could not be verified, so nothing was sent. Check the account on the Accounts page.",
  dns: "The server's name could not be found. Check your network connection, then try again.",
  proxy: 'The proxy in front of the network did not pass the request on. Check the proxy settings.',
  other: 'The server could not be reached. Check your network connection, then try again.',
};

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function detailsLine(parts: (string | undefined)[], fields: Fields): string | undefined {
  const all = [
    ...parts.filter((p): p is string => Boolean(p)),
    ...Object.entries(fields).map(([k, v]) => `${k}: ${fieldText(v)}`),
  ];
  return all.length > 0 ? all.join(' · ') : undefined;
}

export function explainError(err: unknown): ExplainedError {
  if (!(err instanceof RpcError)) {
    const raw = err instanceof Error ? err.message : String(err);
    return { sentence: 'Something went wrong in Perch. Try again.', details: raw };
  }
  const fields = err.details ?? {};
  if (err.code === 'INVALID_ARGS') {
    const issues = (err.issues ?? []).map((i) => `${i.path}: ${i.message}`);
    return {
      sentence: 'Some values are not in the form the server expects. Correct them and try again.',
      details: detailsLine([issues.join('; ') || err.message], {}),
    };
  }
  if (err.code === 'DISCONNECTED')
    return {
      sentence:
        'This window lost its connection to Perch, so the action may not have reached the server. Wait until it reconnects, then check and try again.',
      details: err.message,
    };
  if (err.code === 'TOO_LARGE')
    return {
      sentence: 'This is too large to send in one request. Make it smaller and try again.',
      details: err.message,
    };
  if (err.apiCode) {
    const push = explainPushError(err.apiCode);
    const explain = BY_CODE[err.apiCode];
    const sentence = push
      ? `${push.what} ${push.todo}`
      : explain
        ? explain(err.message === err.apiCode ? '' : err.message, fields)
        : `The server refused this:${quoted(err.message === err.apiCode ? '' : err.message) || ' it gave no reason.'}`;
    return { sentence, details: detailsLine([err.apiCode, err.message], fields) };
  }
  // The Core's own sentences (a server too old for the operation, a rule it checks), with
  // the failure under them when the Core names one (a lost answer's network error).
  return explainText(err.message) ?? { sentence: err.message, details: str(fields['cause']) };
}

/**
 * A failure the Core passed on as text (a connection's last error, why a list is stale):
 * "GET /events: network refused: connect ECONNREFUSED …" said in words, the text kept as
 * details. Undefined when the text is not one of the API client's failures.
 */
export function explainText(message: string): ExplainedError | undefined {
  const network = NETWORK.exec(message);
  if (network?.[1])
    return {
      sentence: NETWORK_SENTENCE[network[1]] ?? NETWORK_SENTENCE['other']!,
      details: message,
    };
  if (/: HTTP \d{3}: /.test(message))
    return {
      sentence: 'The server had a problem and could not answer. Try again later.',
      details: message,
    };
  if (/: malformed response at /.test(message))
    return {
      sentence:
        "The server's answer was not in a form Perch understands; it may be a newer or older version. Tell the server's administrator.",
      details: message,
    };
  return undefined;
}

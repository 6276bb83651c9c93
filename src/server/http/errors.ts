/**
 * The error envelope of spec section 7. Routes throw ApiError; the server turns it into
 * `{result: "error", msg, code, ...extra}` with the HTTP status docs/api-notes.md "Error
 * codes" gives per code.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'REQUEST_VARIABLE_MISSING'
  | 'INVALID_API_KEY'
  | 'USER_DEACTIVATED'
  | 'REALM_DEACTIVATED'
  | 'RATE_LIMIT_HIT'
  | 'UNAUTHORIZED_PRINCIPAL'
  | 'INVITATION_FAILED'
  | 'STREAM_DOES_NOT_EXIST'
  | 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'
  | 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'
  | 'REACTION_DOES_NOT_EXIST'
  | 'REACTION_ALREADY_EXISTS'
  | 'BAD_EVENT_QUEUE_ID'
  | 'NO_ACTIVE_PUSH_DEVICE'
  | 'ADMIN_ACTION_REQUIRED'
  | 'FAILED_TO_CONNECT_BOUNCER'
  | 'INTERNAL_SERVER_ERROR_ON_BOUNCER'
  | 'UNAUTHORIZED'
  | 'AUTHENTICATION_FAILED'
  | 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'
  | 'CHANNEL_ALREADY_EXISTS';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  REQUEST_VARIABLE_MISSING: 400,
  INVALID_API_KEY: 401,
  USER_DEACTIVATED: 401,
  REALM_DEACTIVATED: 401,
  RATE_LIMIT_HIT: 429,
  UNAUTHORIZED_PRINCIPAL: 400,
  INVITATION_FAILED: 400,
  STREAM_DOES_NOT_EXIST: 400,
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: 400,
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: 400,
  REACTION_DOES_NOT_EXIST: 400,
  REACTION_ALREADY_EXISTS: 400,
  BAD_EVENT_QUEUE_ID: 400,
  NO_ACTIVE_PUSH_DEVICE: 400,
  ADMIN_ACTION_REQUIRED: 403,
  FAILED_TO_CONNECT_BOUNCER: 502,
  INTERNAL_SERVER_ERROR_ON_BOUNCER: 502,
  UNAUTHORIZED: 401,
  AUTHENTICATION_FAILED: 401,
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: 400,
  CHANNEL_ALREADY_EXISTS: 409,
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, msg: string, extra: Record<string, unknown> = {}, status?: number) {
    super(msg);
    this.code = code;
    this.status = status ?? STATUS[code];
    this.extra = extra;
  }

  body(): Record<string, unknown> {
    return { result: 'error', msg: this.message, code: this.code, ...this.extra };
  }
}

export function badRequest(msg: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError('BAD_REQUEST', msg, extra);
}

/** "Not found" cases that upstream answers with 404 and code BAD_REQUEST. */
export function notFound(msg = 'Not Found'): ApiError {
  return new ApiError('BAD_REQUEST', msg, {}, 404);
}

export function missing(name: string): ApiError {
  return new ApiError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { var_name: name });
}

export function invalid(name: string, why = 'is invalid'): ApiError {
  return badRequest(`${name} ${why}`);
}

export function unauthorizedPrincipal(msg = 'Must be an organization administrator'): ApiError {
  return new ApiError('UNAUTHORIZED_PRINCIPAL', msg);
}

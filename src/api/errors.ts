/**
 * The one error family of the API client. Every failure a call can produce is one of
 * these classes, so callers branch on `instanceof` (or `code`) instead of parsing text.
 * None of them ever holds the API key or the Authorization header.
 */
import type { ProxyFailure } from './connection.ts';

/** The error envelope fields of spec section 7, as the server sent them. */
export type ErrorBody = Record<string, unknown>;

/** Base class of every error the client throws on purpose. */
export class PerchApiError extends Error {
  /** Spec operation this error came from, e.g. `GET /messages`. */
  readonly endpoint: string;

  constructor(endpoint: string, message: string, options?: { cause?: unknown }) {
    super(`${endpoint}: ${message}`, options);
    this.name = new.target.name;
    this.endpoint = endpoint;
  }
}

/** The server answered with `result: "error"` (spec section 7). */
export class ApiError extends PerchApiError {
  /** The error code; `BAD_REQUEST` when the server sent none (older servers). */
  readonly code: string;
  readonly status: number;
  /** Human-readable and translated: show it, never branch on it. */
  readonly msg: string;
  /** The whole body, for fields this client does not model. */
  readonly body: ErrorBody;
  /**
   * The code the server actually sent when the client mapped an older server's code onto
   * the current one (spec section 9: e.g. BAD_REQUEST before REACTION_DOES_NOT_EXIST).
   */
  readonly legacyCode: string | undefined;

  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    const msg = typeof body['msg'] === 'string' ? body['msg'] : '';
    const code = typeof body['code'] === 'string' ? body['code'] : 'BAD_REQUEST';
    super(endpoint, `${code} (HTTP ${status})${msg ? `: ${msg}` : ''}`);
    this.code = code;
    this.status = status;
    this.msg = msg;
    this.body = body;
    this.legacyCode = legacyCode;
  }

  /** The same answer presented under today's code, keeping the sent one in `legacyCode`. */
  withCode(code: string): ApiError {
    const Mapped = byCode[code] ?? ApiError;
    return new Mapped(this.endpoint, this.status, { ...this.body, code }, this.code);
  }
}

function stringField(body: ErrorBody, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

function booleanField(body: ErrorBody, key: string): boolean {
  return body[key] === true;
}

export class InvalidApiKeyError extends ApiError {}
export class UserDeactivatedError extends ApiError {}
export class RealmDeactivatedError extends ApiError {}
export class UnauthorizedPrincipalError extends ApiError {}
export class ReactionDoesNotExistError extends ApiError {}
export class ReactionAlreadyExistsError extends ApiError {}
export class NoActivePushDeviceError extends ApiError {}
export class AdminActionRequiredError extends ApiError {}
export class FailedToConnectBouncerError extends ApiError {}
export class InternalServerErrorOnBouncerError extends ApiError {}

export class RequestVariableMissingError extends ApiError {
  /** Name of the missing parameter (`var_name`). */
  readonly varName: string | undefined;
  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    super(endpoint, status, body, legacyCode);
    this.varName = stringField(body, 'var_name');
  }
}

export class BadRequestError extends ApiError {
  /** Names of incompatible parameters, split from the comma-separated `parameters`. */
  readonly parameters: string[];
  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    super(endpoint, status, body, legacyCode);
    const raw = stringField(body, 'parameters');
    this.parameters = raw ? raw.split(',').map((p) => p.trim()) : [];
  }
}

export class RateLimitHitError extends ApiError {
  /** Seconds the server asked us to wait (`retry-after`); 0 when it sent none. */
  readonly retryAfter: number;
  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    super(endpoint, status, body, legacyCode);
    const value = body['retry-after'];
    this.retryAfter = typeof value === 'number' && value >= 0 ? value : 0;
  }
}

export class StreamDoesNotExistError extends ApiError {
  /** The channel name the server could not find. */
  readonly stream: string | undefined;
  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    super(endpoint, status, body, legacyCode);
    this.stream = stringField(body, 'stream');
  }
}

export interface FailedInvitation {
  email: string;
  reason: string;
  /** Third element of the triple: upstream's "the account exists but is deactivated". */
  flag: boolean;
}

export class InvitationFailedError extends ApiError {
  readonly dailyLimitReached: boolean;
  readonly licenseLimitReached: boolean;
  /** Whether invitations still went to the other addresses. */
  readonly sentInvitations: boolean;
  readonly errors: FailedInvitation[];
  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    super(endpoint, status, body, legacyCode);
    this.dailyLimitReached = booleanField(body, 'daily_limit_reached');
    this.licenseLimitReached = booleanField(body, 'license_limit_reached');
    this.sentInvitations = booleanField(body, 'sent_invitations');
    const list = Array.isArray(body['errors']) ? (body['errors'] as unknown[]) : [];
    this.errors = list.flatMap((entry) => {
      if (!Array.isArray(entry)) return [];
      const [email, reason, flag] = entry as unknown[];
      if (typeof email !== 'string' || typeof reason !== 'string') return [];
      return [{ email, reason, flag: flag === true }];
    });
  }
}

export class BadEventQueueIdError extends ApiError {
  /** The queue the server no longer knows (`queue_id`). */
  readonly queueId: string | undefined;
  constructor(endpoint: string, status: number, body: ErrorBody, legacyCode?: string) {
    super(endpoint, status, body, legacyCode);
    this.queueId = stringField(body, 'queue_id');
  }
}

type ApiErrorClass = new (
  endpoint: string,
  status: number,
  body: ErrorBody,
  legacyCode?: string,
) => ApiError;

const byCode: Record<string, ApiErrorClass> = {
  INVALID_API_KEY: InvalidApiKeyError,
  REQUEST_VARIABLE_MISSING: RequestVariableMissingError,
  BAD_REQUEST: BadRequestError,
  USER_DEACTIVATED: UserDeactivatedError,
  REALM_DEACTIVATED: RealmDeactivatedError,
  RATE_LIMIT_HIT: RateLimitHitError,
  UNAUTHORIZED_PRINCIPAL: UnauthorizedPrincipalError,
  INVITATION_FAILED: InvitationFailedError,
  STREAM_DOES_NOT_EXIST: StreamDoesNotExistError,
  REACTION_DOES_NOT_EXIST: ReactionDoesNotExistError,
  REACTION_ALREADY_EXISTS: ReactionAlreadyExistsError,
  NO_ACTIVE_PUSH_DEVICE: NoActivePushDeviceError,
  ADMIN_ACTION_REQUIRED: AdminActionRequiredError,
  FAILED_TO_CONNECT_BOUNCER: FailedToConnectBouncerError,
  INTERNAL_SERVER_ERROR_ON_BOUNCER: InternalServerErrorOnBouncerError,
  BAD_EVENT_QUEUE_ID: BadEventQueueIdError,
};

/** Builds the subclass matching the code of an error body. */
export function apiErrorFor(endpoint: string, status: number, body: ErrorBody): ApiError {
  const code = typeof body['code'] === 'string' ? body['code'] : 'BAD_REQUEST';
  const Known = byCode[code] ?? ApiError;
  return new Known(endpoint, status, body);
}

export type NetworkFailure = 'refused' | 'reset' | 'timeout' | 'tls' | 'dns' | 'proxy' | 'other';

/** What went wrong with the proxy, for a NetworkError of kind `proxy`. */
export interface ProxyProblem {
  /** `host:port` of the proxy. */
  address: string;
  /** How CONNECT failed, or `dropped`: the tunnel was open and then cut mid-request. */
  reason: ProxyFailure | 'dropped';
  /** The proxy's answer to CONNECT when it was not 200. */
  status?: number | undefined;
}

/** The request never got a complete HTTP answer. */
export class NetworkError extends PerchApiError {
  readonly kind: NetworkFailure;
  /** Set when the request went through a proxy and the proxy is what failed. */
  readonly proxy: ProxyProblem | undefined;
  constructor(
    endpoint: string,
    kind: NetworkFailure,
    detail: string,
    cause?: unknown,
    proxy?: ProxyProblem,
  ) {
    super(endpoint, `network ${kind}: ${detail}`, { cause });
    this.kind = kind;
    this.proxy = proxy;
  }
}

/**
 * The server presented a certificate other than the one the user trusted for it (a pinned
 * certificate, or one not issued by the trusted CA). Nothing was sent: the account stops
 * until the user reviews the new certificate.
 */
export class CertificateChangedError extends NetworkError {
  /** SHA-256 fingerprint (`AB:CD:…`) of what the server presented, when the check saw it. */
  readonly presented: string | undefined;
  constructor(endpoint: string, detail: string, presented?: string, cause?: unknown) {
    super(endpoint, 'tls', detail, cause);
    this.presented = presented;
  }
}

/** A body that is not JSON, or a failure status (5xx and the like) without an error envelope. */
export class ServerError extends PerchApiError {
  readonly status: number;
  constructor(endpoint: string, status: number, detail: string) {
    super(endpoint, `HTTP ${status}: ${detail}`);
    this.status = status;
  }
}

/** A JSON answer whose shape breaks the schema: names the endpoint and the field path. */
export class MalformedResponseError extends PerchApiError {
  /** Dotted path of the first offending field, e.g. `messages.3.sender_id`. */
  readonly path: string;
  constructor(endpoint: string, path: string, problem: string) {
    super(endpoint, `malformed response at ${path || '(root)'}: ${problem}`);
    this.path = path;
  }
}

/** The call needs a newer server; thrown before any request is sent. */
export class UnsupportedByServerError extends PerchApiError {
  readonly feature: string;
  readonly requiredFeatureLevel: number;
  readonly serverFeatureLevel: number;
  constructor(endpoint: string, feature: string, required: number, actual: number) {
    super(endpoint, `${feature} needs service_feature_level ${required}; the server has ${actual}`);
    this.feature = feature;
    this.requiredFeatureLevel = required;
    this.serverFeatureLevel = actual;
  }
}

/**
 * A call's answer through the bridge, and its error. Written out by hand rather than as zod
 * schemas: the page's first module imports this (every call's answer is checked here), and
 * with zod it brought zod's 91 kB into the page's first chunk, parsed and run before the
 * first paint of every window (bench/README.md, `background`); the Core's side builds these
 * answers itself (src/core/rpc/dispatch.ts).
 */

/**
 * Why a call through the bridge failed, as the renderer sees it. TOO_LARGE: browser mode,
 * the call's frame is over the WebSocket's limit, so it was not sent.
 */
const ERROR_CODES = [
  'UNKNOWN_CHANNEL',
  'INVALID_ARGS',
  'FAILED',
  'DISCONNECTED',
  'TOO_LARGE',
] as const;
export type RpcErrorCode = (typeof ERROR_CODES)[number];
const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export interface RpcErrorShape {
  code: RpcErrorCode;
  message: string;
  /** For INVALID_ARGS: the argument paths that failed, each with the rule it broke. */
  issues?: { path: string; message: string }[] | undefined;
  /** The server's error code when a handler failed on an API error. */
  apiCode?: string | undefined;
  /**
   * The server's extra error fields (spec section 7: var_name, parameters, retry-after,
   * stream, the INVITATION_FAILED lists...), so the screen can show its answer faithfully.
   */
  details?: Record<string, unknown> | undefined;
}

export class RpcError extends Error {
  readonly code: RpcErrorCode;
  readonly issues: RpcErrorShape['issues'];
  readonly apiCode: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(shape: RpcErrorShape) {
    super(shape.message);
    this.name = 'RpcError';
    this.code = shape.code;
    this.issues = shape.issues;
    this.apiCode = shape.apiCode;
    this.details = shape.details;
  }

  toShape(): RpcErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.apiCode ? { apiCode: this.apiCode } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export type RpcResponse = { ok: true; result: unknown } | { ok: false; error: RpcErrorShape };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isIssue(v: unknown): boolean {
  return isRecord(v) && typeof v.path === 'string' && typeof v.message === 'string';
}

function isErrorShape(v: unknown): v is RpcErrorShape {
  return (
    isRecord(v) &&
    typeof v.code === 'string' &&
    KNOWN_CODES.has(v.code) &&
    typeof v.message === 'string' &&
    (v.issues === undefined || (Array.isArray(v.issues) && v.issues.every(isIssue))) &&
    (v.apiCode === undefined || typeof v.apiCode === 'string') &&
    (v.details === undefined || isRecord(v.details))
  );
}

/** What a window says of an answer it cannot read: a sentence, with the code behind it. */
export const UNREADABLE_ANSWER = "Perch's Core sent this window an answer it cannot read.";

/**
 * The answer as a call's answer, or an RpcError (FAILED) saying it is not one: a call never
 * goes on with a half-read answer.
 */
export function parseRpcResponse(value: unknown): RpcResponse {
  if (isRecord(value)) {
    if (value.ok === true && 'result' in value) return { ok: true, result: value.result };
    if (value.ok === false && isErrorShape(value.error)) {
      const { code, message, issues, apiCode, details } = value.error;
      return {
        ok: false,
        error: {
          code,
          message,
          ...(issues ? { issues } : {}),
          ...(apiCode !== undefined ? { apiCode } : {}),
          ...(details ? { details } : {}),
        },
      };
    }
  }
  throw new RpcError({ code: 'FAILED', message: UNREADABLE_ANSWER });
}

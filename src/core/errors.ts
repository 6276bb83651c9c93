import { ApiError, UnsupportedByServerError } from '../api/errors.ts';
import { serverTooOld } from '../lib/server-version.ts';

/**
 * A failure of the Core's own making, in words the user can act on. The Core's domain code
 * throws it without knowing how it travels: src/core/rpc/dispatch.ts turns it into the
 * bridge's RpcError (code FAILED) with the same message, apiCode and details (describeError).
 */
export class CoreError extends Error {
  /** A code the screen can offer a next step by (a server's own code, or the Core's). */
  readonly apiCode: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    message: string,
    options: { apiCode?: string; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'CoreError';
    this.apiCode = options.apiCode;
    this.details = options.details;
  }
}

/** What the user is told of a failure, whatever threw it, without leaking internals. */
export interface DescribedError {
  message: string;
  apiCode?: string;
  details?: Record<string, unknown>;
}

/**
 * The words, code and details of any failure, as the windows show them: the Core's own as
 * it worded them, a server's refusal with the server's own words and fields (never the
 * request, or its key), a feature the server lacks said as such.
 */
export function describeError(err: unknown): DescribedError {
  if (err instanceof CoreError) {
    return {
      message: err.message,
      ...(err.apiCode ? { apiCode: err.apiCode } : {}),
      ...(err.details ? { details: err.details } : {}),
    };
  }
  if (err instanceof ApiError) {
    const { result: _r, msg: _m, code: _c, ...details } = err.body;
    return {
      message: err.msg || err.code,
      apiCode: err.code,
      ...(Object.keys(details).length > 0 ? { details } : {}),
    };
  }
  if (err instanceof UnsupportedByServerError) {
    // Nothing was sent, so there is no server answer to show: say what the server lacks.
    const said = serverTooOld(
      `for ${err.feature}`,
      err.requiredFeatureLevel,
      err.serverFeatureLevel,
    );
    return {
      message: said?.sentence ?? `This server does not support ${err.feature}.`,
      details: {
        serverFeatureLevel: err.serverFeatureLevel,
        requiredFeatureLevel: err.requiredFeatureLevel,
      },
    };
  }
  const apiCode =
    err && typeof err === 'object' && 'code' in err && typeof err.code === 'string'
      ? err.code
      : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return { message, ...(apiCode ? { apiCode } : {}) };
}

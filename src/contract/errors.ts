import { z } from 'zod';
import { lazySchema } from '../lib/lazy-schema.ts';

/** Why a call through the bridge failed, as the renderer sees it. */
export const RpcErrorCode = lazySchema(() =>
  z.enum([
    'UNKNOWN_CHANNEL',
    'INVALID_ARGS',
    'FAILED',
    'DISCONNECTED',
    /** Browser mode: the call's frame is over the WebSocket's limit, so it was not sent. */
    'TOO_LARGE',
  ]),
);
export type RpcErrorCode = z.infer<typeof RpcErrorCode>;

export const RpcErrorShape = lazySchema(() =>
  z.object({
    code: RpcErrorCode,
    message: z.string(),
    /** For INVALID_ARGS: the argument paths that failed, each with the rule it broke. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** The server's error code when a handler failed on an API error. */
    apiCode: z.string().optional(),
    /**
     * The server's extra error fields (spec section 7: var_name, parameters, retry-after,
     * stream, the INVITATION_FAILED lists...), so the screen can show its answer faithfully.
     */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type RpcErrorShape = z.infer<typeof RpcErrorShape>;

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

export const RpcResponse = lazySchema(() =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), result: z.unknown() }),
    z.object({ ok: z.literal(false), error: RpcErrorShape }),
  ]),
);
export type RpcResponse = z.infer<typeof RpcResponse>;

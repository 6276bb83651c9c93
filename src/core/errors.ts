/**
 * A failure of the Core's own making, in words the user can act on. The Core's domain code
 * throws it without knowing how it travels: src/core/rpc/dispatch.ts turns it into the
 * bridge's RpcError (code FAILED) with the same message, apiCode and details.
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

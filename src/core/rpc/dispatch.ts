import type { z } from 'zod';
import {
  channels,
  isChannel,
  type Args,
  type Channel,
  type Result,
} from '../../contract/contract.ts';
import { RpcError, type RpcResponse } from '../../contract/errors.ts';
import { ApiError, UnsupportedByServerError } from '../../api/errors.ts';
import { serverTooOld } from '../../lib/server-version.ts';
import { CoreError } from '../errors.ts';

export type HandlerTable = { [C in Channel]: (args: Args<C>) => Promise<Result<C>> };

/** Turns a zod failure into the per-argument messages the renderer shows. */
function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({
    path: i.path.length ? i.path.map(String).join('.') : '(arguments)',
    message: i.message,
  }));
}

function described(issues: { path: string; message: string }[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
}

/** Maps anything a handler threw to the error envelope, without leaking internals. */
export function toRpcError(err: unknown): RpcError {
  if (err instanceof RpcError) return err;
  if (err instanceof CoreError) {
    // A failure the Core worded for the user crosses as FAILED with its words, code and
    // details, as a server's refusal does.
    return new RpcError({
      code: 'FAILED',
      message: err.message,
      ...(err.apiCode ? { apiCode: err.apiCode } : {}),
      ...(err.details ? { details: err.details } : {}),
    });
  }
  if (err instanceof ApiError) {
    // The server's own words and fields, as it sent them; never the request (or its key).
    const { result: _r, msg: _m, code: _c, ...details } = err.body;
    return new RpcError({
      code: 'FAILED',
      message: err.msg || err.code,
      apiCode: err.code,
      ...(Object.keys(details).length > 0 ? { details } : {}),
    });
  }
  if (err instanceof UnsupportedByServerError) {
    // Nothing was sent, so there is no server answer to show: say what the server lacks.
    const said = serverTooOld(
      `for ${err.feature}`,
      err.requiredFeatureLevel,
      err.serverFeatureLevel,
    );
    return new RpcError({
      code: 'FAILED',
      message: said?.sentence ?? `This server does not support ${err.feature}.`,
      details: {
        serverFeatureLevel: err.serverFeatureLevel,
        requiredFeatureLevel: err.requiredFeatureLevel,
      },
    });
  }
  const apiCode =
    err && typeof err === 'object' && 'code' in err && typeof err.code === 'string'
      ? err.code
      : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return new RpcError({ code: 'FAILED', message, ...(apiCode ? { apiCode } : {}) });
}

/**
 * Validates the channel name and its arguments, runs the handler, and checks its result
 * against the contract, so neither side can be handed something the contract does not say.
 */
export async function dispatch(
  handlers: HandlerTable,
  channel: unknown,
  rawArgs: unknown,
): Promise<RpcResponse> {
  try {
    if (!isChannel(channel)) {
      throw new RpcError({
        code: 'UNKNOWN_CHANNEL',
        message: `No such channel: ${String(channel).slice(0, 100)}`,
      });
    }
    const parsed = channels[channel].args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      throw new RpcError({
        code: 'INVALID_ARGS',
        message: `Invalid arguments for ${channel}: ${described(issues)}`,
        issues,
      });
    }
    const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
    const checked = channels[channel].result.safeParse(await handler(parsed.data));
    if (!checked.success) {
      // What a server sent that the contract refuses (a video link that is not http(s)):
      // said in words the user can read, not as a dump of the check.
      throw new RpcError({
        code: 'FAILED',
        message: described(issuesOf(checked.error)),
      });
    }
    return { ok: true, result: checked.data as Result<Channel> };
  } catch (err) {
    return { ok: false, error: toRpcError(err).toShape() };
  }
}

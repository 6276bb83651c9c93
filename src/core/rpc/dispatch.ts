import type { z } from 'zod';
import {
  channels,
  isChannel,
  type Args,
  type Channel,
  type Result,
} from '../../contract/contract.ts';
import { RpcError, type RpcResponse } from '../../contract/errors.ts';
import { describeError } from '../errors.ts';

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
  return new RpcError({ code: 'FAILED', ...describeError(err) });
}

/**
 * Results the Core builds from its own models alone, with nothing a server sent passed
 * through unchecked: the unified Inbox is 20 000 rows with five organizations, and checking
 * each on every call cost the first paint about 0.3 s (docs/architecture.md, "How a call
 * flows"; bench/README.md, `cache-start`).
 * The tests still check them (`trustResults` is off by default).
 */
export const TRUSTED_RESULTS: ReadonlySet<Channel> = new Set<Channel>(['inbox.get']);

export interface DispatchOptions {
  /** Results of TRUSTED_RESULTS' channels go out as built; their arguments are still checked. */
  trustResults?: boolean;
}

/**
 * Validates the channel name and its arguments, runs the handler, and checks its result
 * against the contract, so neither side can be handed something the contract does not say.
 */
export async function dispatch(
  handlers: HandlerTable,
  channel: unknown,
  rawArgs: unknown,
  options: DispatchOptions = {},
): Promise<RpcResponse> {
  try {
    if (!isChannel(channel)) {
      throw new RpcError({
        code: 'UNKNOWN_CHANNEL',
        message: `No such channel: ${String(channel).slice(0, 100)}`,
      });
    }
    // A call's arguments are a few fields: zod's compiled check of an object, made with
    // `new Function` at each schema's first check, costs more to make than it saves on them,
    // and a start's first calls each paid it (zod's ParseContext, `jitless`).
    const parsed = channels[channel].args.safeParse(rawArgs ?? {}, { jitless: true });
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      throw new RpcError({
        code: 'INVALID_ARGS',
        message: `Invalid arguments for ${channel}: ${described(issues)}`,
        issues,
      });
    }
    const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
    const result = await handler(parsed.data);
    if (options.trustResults && TRUSTED_RESULTS.has(channel))
      return { ok: true, result: result as Result<Channel> };
    const checked = channels[channel].result.safeParse(result);
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

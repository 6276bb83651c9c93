import type { Core } from '../../../src/core/core.ts';

export interface CoreCall {
  channel: unknown;
  args: unknown;
}

/**
 * Records each call the Core has answered, in order, as its host forwarded them from the page:
 * what the Core has been told, for a test to wait on before it makes the server act (a page's
 * report reaches the Core a few turns after what the user did, longer on a busy machine).
 */
export function recordCoreCalls(core: Core): CoreCall[] {
  const calls: CoreCall[] = [];
  const invoke = core.invoke.bind(core);
  core.invoke = async (channel, args) => {
    const answer = await invoke(channel, args);
    calls.push({ channel, args });
    return answer;
  };
  return calls;
}

/** The argument of the last answered call on `channel`, or undefined before any. */
export function lastCall(calls: readonly CoreCall[], channel: string): unknown {
  return calls.findLast((c) => c.channel === channel)?.args;
}

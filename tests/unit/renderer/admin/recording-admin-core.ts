/**
 * A Core for the admin console's models under plain Node: each channel answers with what
 * the test set (a value, a function of the arguments, or an error: the server's refusal),
 * every call is recorded, and topics are pushed when the test says. A channel the test did
 * not answer is refused, as a Core that cannot reach its server refuses it.
 */
import type { Channel, Payload, Result, Topic } from '../../../../src/contract/contract.ts';
import { RpcError } from '../../../../src/contract/errors.ts';
import type { Invoke, Listen, RpcPort } from '../../../../src/renderer/lib/rpc-port.ts';
import { AdminConsole } from '../../../../src/renderer/views/admin/admin-console.ts';

type Answer<C extends Channel> =
  Result<C> | Error | ((args: Record<string, unknown>) => Result<C> | Error | Promise<Result<C>>);

export const ACCOUNT = 'acct-1';

export class RecordingAdminCore implements RpcPort {
  readonly calls: { channel: Channel; args: Record<string, unknown> }[] = [];
  readonly #answers = new Map<Channel, Answer<Channel>>();
  readonly #listeners = new Map<Topic, Set<(payload: never) => void>>();

  answer<C extends Channel>(channel: C, answer: Answer<C>): this {
    this.#answers.set(channel, answer as Answer<Channel>);
    return this;
  }

  invoke: Invoke = (channel, args) => {
    const recorded = args as Record<string, unknown>;
    this.calls.push({ channel, args: recorded });
    const set = this.#answers.get(channel);
    if (set === undefined) return Promise.reject(new Error(`${channel} is not answered here`));
    try {
      const answer = typeof set === 'function' ? set(recorded) : set;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as never);
    } catch (err) {
      return Promise.reject(err);
    }
  };

  on: Listen = (topic, listener) => {
    const set = this.#listeners.get(topic) ?? new Set();
    this.#listeners.set(topic, set);
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  };

  push<T extends Topic>(topic: T, payload: Payload<T>): void {
    for (const listener of this.#listeners.get(topic) ?? []) listener(payload as never);
  }

  /** The calls made on one channel, in order. */
  callsTo(channel: Channel): Record<string, unknown>[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.args);
  }

  /** The console a panel builds for the test's account. */
  console(accountId = ACCOUNT): AdminConsole {
    return new AdminConsole(this, () => accountId);
  }
}

/** The server's refusal, as the Core hands it on. */
export function refusal(message: string, apiCode = 'BAD_REQUEST', details?: object): RpcError {
  return new RpcError({
    code: 'FAILED',
    message,
    apiCode,
    ...(details ? { details: details as Record<string, unknown> } : {}),
  });
}

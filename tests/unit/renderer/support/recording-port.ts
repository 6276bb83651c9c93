/**
 * A Core for screen models under plain Node, in the style of messages/recording-core.ts:
 * each channel answers what the test set (a value, or a function of the call's arguments),
 * or refuses with the error the test set; every call is recorded, and the test pushes
 * topics when it says. A channel it was not told about is refused, as a Core that cannot
 * reach its server refuses it.
 */
import type { Channel, Payload, Result, Topic } from '../../../../src/contract/contract.ts';
import { RpcError } from '../../../../src/contract/errors.ts';
import type { Invoke, Listen, RpcPort } from '../../../../src/renderer/lib/rpc-port.ts';

/** A value, an error (the server's refusal), or a function of the call's arguments giving either. */
type Answer<C extends Channel> =
  Result<C> | Error | ((args: Record<string, unknown>) => Result<C> | Error | Promise<Result<C>>);

export class RecordingPort implements RpcPort {
  readonly calls: { channel: Channel; args: Record<string, unknown> }[] = [];
  readonly #answers = new Map<Channel, unknown>();
  readonly #refused = new Map<Channel, Error>();
  readonly #listeners = new Map<Topic, Set<(payload: never) => void>>();

  /** What `channel` answers from now on. */
  answer<C extends Channel>(channel: C, answer: Answer<C>): this {
    this.#refused.delete(channel);
    this.#answers.set(channel, answer);
    return this;
  }

  /** `channel` fails from now on, as the Core fails a call the server refused. */
  refuse(channel: Channel, message: string, apiCode?: string, details?: Record<string, unknown>) {
    this.#refused.set(
      channel,
      new RpcError({
        code: 'FAILED',
        message,
        ...(apiCode ? { apiCode } : {}),
        ...(details ? { details } : {}),
      }),
    );
    return this;
  }

  invoke: Invoke = (channel, args) => {
    this.calls.push({ channel, args: args as Record<string, unknown> });
    const refused = this.#refused.get(channel);
    if (refused) return Promise.reject(refused);
    if (!this.#answers.has(channel)) {
      return Promise.reject(new Error(`${channel} is not answered here`));
    }
    const answer = this.#answers.get(channel);
    try {
      const value =
        typeof answer === 'function'
          ? (answer as (a: Record<string, unknown>) => unknown)(args as Record<string, unknown>)
          : answer;
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value as never);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
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

  /** How many listeners follow a topic now. */
  following(topic: Topic): number {
    return this.#listeners.get(topic)?.size ?? 0;
  }

  /** The calls made on one channel, in order. */
  callsTo(channel: Channel): Record<string, unknown>[] {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.args);
  }
}

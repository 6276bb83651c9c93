import { topics, type Payload, type Topic } from './rpc/contract.ts';

export type PushListener = (topic: Topic, payload: unknown) => void;

/**
 * Fan-out of pushed topics to every connected renderer (Electron windows, browser tabs).
 * Payloads are validated on the way out, so a renderer only ever sees contract shapes.
 */
export class PushBus {
  private readonly listeners = new Set<PushListener>();

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish<T extends Topic>(topic: T, payload: Payload<T>): void {
    const checked = topics[topic].parse(payload);
    for (const listener of this.listeners) {
      try {
        listener(topic, checked);
      } catch {
        // One broken transport must not stop the others from hearing about the change.
      }
    }
  }
}

import { topics, type Payload, type Topic } from '../contract/contract.ts';
import { pushAccount } from '../contract/window-interest.ts';

export type PushListener = (topic: Topic, payload: unknown) => void;

/**
 * Which topics a listener takes, and of which accounts (`accountId`, where the push names
 * one: src/contract/window-interest.ts); a listener without one takes every topic.
 */
export type TopicInterest = (topic: Topic, accountId?: string) => boolean;

/**
 * Fan-out of pushed topics to every connected renderer (Electron windows, browser tabs) and
 * to the Core's own followers. Payloads are validated on the way out, so a renderer only ever
 * sees contract shapes, wherever the Core runs under test; the shipped hosts turn the check
 * off (`check: false`): every payload is the Core's own, most of it server data the API
 * client's schemas already checked, and checking it again was a cost paid per incoming
 * message (bench/README.md, `background`). A window takes only the topics its shown views follow (a view's
 * changes cross only while it is shown: docs/architecture.md, "Pushed topics"), and a topic no listener takes is neither
 * validated nor sent: producers can ask `wanted` and skip building it at all.
 */
export class PushBus {
  private readonly listeners = new Map<PushListener, TopicInterest | undefined>();
  private readonly check: boolean;

  constructor({ check = true }: { check?: boolean } = {}) {
    this.check = check;
  }

  subscribe(listener: PushListener, interest?: TopicInterest): () => void {
    this.listeners.set(listener, interest);
    return () => this.listeners.delete(listener);
  }

  /** Whether any listener takes `topic` now (of `accountId`, for one account's push). */
  wanted(topic: Topic, accountId?: string): boolean {
    for (const interest of this.listeners.values()) {
      if (interest === undefined || interest(topic, accountId)) return true;
    }
    return false;
  }

  publish<T extends Topic>(topic: T, payload: Payload<T>): void {
    const account = pushAccount(payload);
    const takers = [...this.listeners].filter(
      ([, interest]) => !interest || interest(topic, account),
    );
    if (takers.length === 0) return;
    const checked = this.check ? topics[topic].parse(payload) : payload;
    for (const [listener] of takers) {
      try {
        listener(topic, checked);
      } catch {
        // One broken transport must not stop the others from hearing about the change.
      }
    }
  }
}

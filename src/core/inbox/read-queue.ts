/**
 * Mark-read requests an organization could not take because it was out of reach: kept in
 * order and sent when its connection returns, or shown as failed with the server's reason.
 * Nothing here changes what is shown as unread: the rows keep the server's counts until
 * the server's own events say the messages were read.
 */
import { NetworkError, PerchApiError } from '../../api/errors.ts';
import type { PendingReadTarget, PendingReadWire } from '../../contract/schemas/inbox.ts';

export interface PendingRead extends PendingReadWire {
  /** The newest message the user was shown when asking: nothing newer is marked. */
  upTo: number | undefined;
}

export type SendRead = (target: PendingReadTarget, upTo: number | undefined) => Promise<unknown>;

export class ReadQueue {
  readonly #pending: PendingRead[] = [];
  #nextId = 1;
  #flushing = false;

  list(): PendingReadWire[] {
    return this.#pending.map(({ upTo: _, ...p }) => p);
  }

  add(target: PendingReadTarget, label: string, upTo: number | undefined): void {
    this.#pending.push({ id: this.#nextId++, target, label, state: 'queued', upTo });
  }

  /** Whether a request waits to be sent. */
  hasQueued(): boolean {
    return this.#pending.some((p) => p.state === 'queued');
  }

  /** Forgets a failed request the user has seen. */
  dismiss(id: number): boolean {
    const i = this.#pending.findIndex((p) => p.id === id && p.state === 'failed');
    if (i < 0) return false;
    this.#pending.splice(i, 1);
    return true;
  }

  /**
   * Sends every queued request in order. One that meets the network again stays queued (and
   * the rest wait behind it); one the server refuses is marked failed with its reason.
   */
  async flush(send: SendRead, changed: () => void): Promise<void> {
    if (this.#flushing) return;
    this.#flushing = true;
    try {
      for (const p of [...this.#pending]) {
        if (p.state !== 'queued') continue;
        p.state = 'sending';
        changed();
        try {
          await send(p.target, p.upTo);
          this.#pending.splice(this.#pending.indexOf(p), 1);
        } catch (error) {
          if (error instanceof NetworkError) {
            p.state = 'queued';
            break;
          }
          p.state = 'failed';
          p.error = errorOf(error);
        } finally {
          changed();
        }
      }
    } finally {
      this.#flushing = false;
    }
  }
}

function errorOf(error: unknown): { code: string; message: string } {
  if (error instanceof PerchApiError) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : error.name;
    const msg = 'msg' in error && typeof error.msg === 'string' ? error.msg : error.message;
    return { code, message: msg };
  }
  return { code: 'ERROR', message: error instanceof Error ? error.message : String(error) };
}

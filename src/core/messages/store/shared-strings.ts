/**
 * One copy of each short string the kept messages repeat. Every page and every event is
 * parsed afresh, so each of 10 000 kept messages carried its own copy of its sender's
 * email and name, its channel, topic, client and content type, its flags and its
 * reactions' names: about 1.4 MB of the host's heap in the app-memory bench.
 */
import type { MessageWire } from '../../../contract/schemas/messages.ts';

/** Longer strings (message content, above all) are rarely repeated and stay as they are. */
const MAX_SHARED_LENGTH = 120;
/** The pool is started afresh past this many strings, so names no message holds go too. */
const MAX_POOL = 50_000;

export class SharedStrings {
  #pool = new Map<string, string>();

  /** The pool's copy of `s`, which becomes the copy if there is none yet. */
  one(s: string): string {
    if (s.length > MAX_SHARED_LENGTH) return s;
    const kept = this.#pool.get(s);
    if (kept !== undefined) return kept;
    if (this.#pool.size >= MAX_POOL) this.#pool = new Map();
    this.#pool.set(s, s);
    return s;
  }

  /** Each short string of a (freshly parsed) object is replaced by the pool's copy. */
  #fields(o: Record<string, unknown>): void {
    for (const key in o) {
      const v = o[key];
      if (typeof v === 'string') o[key] = this.one(v);
    }
  }

  /**
   * The message, its strings replaced in place by the pool's copies (the same values, so
   * nothing that reads it can tell); returned for chaining.
   */
  message(m: MessageWire): MessageWire {
    this.#fields(m);
    const { flags, reactions, display_recipient: to } = m;
    for (let i = 0; i < flags.length; i++) flags[i] = this.one(flags[i]!);
    for (const r of reactions) this.#fields(r);
    if (Array.isArray(to)) for (const person of to) this.#fields(person);
    return m;
  }
}

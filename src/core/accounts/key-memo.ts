import { decodeCredential, type Credential } from './credential.ts';

/** A read of the secret store under way, for the generation of the key it began in. */
interface Reading {
  readonly generation: number;
  /** Set in the same step as the entry goes in the map, once the read has begun. */
  read?: Promise<string | undefined>;
}

/**
 * Each account's stored credential, kept in memory once read from (or written to) its
 * secret store. Every call an account makes asks for its client (AccountManager.clientFor):
 * with the window on Messages, each arriving message is marked read by a call of its own, and
 * with the OS keychain each read was a D-Bus round trip to the Secret Service, waited for
 * before the call went out. The key is in this process's memory anyway, inside the
 * account's client; nothing here sends it to the renderer, a log or a file.
 *
 * A read that was under way when the credential changed (a new sign-in, a sign-out, a
 * refused key) is not kept: each change bumps the account's generation.
 */
export class KeyMemo {
  readonly #kept = new Map<string, string>();
  readonly #generation = new Map<string, number>();
  /**
   * The read under way for each account. An account's first calls after a start (its event
   * queue, its cache, the window's first requests) come together, before the first read has
   * answered: they wait for that read, not each for one of its own.
   */
  readonly #reading = new Map<string, Reading>();
  /**
   * Each account's kept entry decoded (its JSON read and checked), made once per entry: every
   * call asks for it, and with the window on Messages five accounts each poll again and the
   * read mark goes out for each arriving message (bench/README.md, `background`).
   */
  readonly #decoded = new Map<string, { stored: string; credential: Readonly<Credential> }>();

  /** The kept credential, or the one `read` gives, kept unless it changed meanwhile. */
  get(accountId: string, read: () => Promise<string | undefined>): Promise<string | undefined> {
    const kept = this.#kept.get(accountId);
    if (kept !== undefined) return Promise.resolve(kept);
    const generation = this.#generation.get(accountId) ?? 0;
    const under = this.#reading.get(accountId);
    if (under?.read && under.generation === generation) return under.read;
    const entry: Reading = { generation };
    this.#reading.set(accountId, entry);
    entry.read = (async () => {
      try {
        const stored = await read();
        if (stored !== undefined && (this.#generation.get(accountId) ?? 0) === generation)
          this.#kept.set(accountId, stored);
        return stored;
      } finally {
        if (this.#reading.get(accountId) === entry) this.#reading.delete(accountId);
      }
    })();
    return entry.read;
  }

  /** `stored` (what `get` answered for the account) as its key and email. */
  decoded(accountId: string, stored: string): Readonly<Credential> {
    const hit = this.#decoded.get(accountId);
    if (hit?.stored === stored) return hit.credential;
    const credential = decodeCredential(stored);
    this.#decoded.set(accountId, { stored, credential });
    return credential;
  }

  /** The credential just written to the secret store. */
  set(accountId: string, stored: string): void {
    this.#bump(accountId);
    this.#kept.set(accountId, stored);
  }

  /** Forgets it: the next use reads the secret store again. */
  drop(accountId: string): void {
    this.#bump(accountId);
    this.#kept.delete(accountId);
  }

  #bump(accountId: string): void {
    this.#decoded.delete(accountId);
    this.#generation.set(accountId, (this.#generation.get(accountId) ?? 0) + 1);
  }
}

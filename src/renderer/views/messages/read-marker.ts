/**
 * Marks messages read once the user has actually seen them: on screen while the window has
 * focus. Ids are sent in batches of at most 1000, each at most once; the unread counts and
 * the tray badge then follow from the server's update_message_flags event. After the user
 * marks messages unread, nothing more is marked in that view until they go elsewhere: the
 * messages still on screen would otherwise be marked read again at once.
 */
const BATCH = 1000;
const DELAY_MS = 250;

export class ReadMarker {
  readonly #pending = new Set<number>();
  readonly #sent = new Set<number>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Seen while the window was in the background: marked when it comes forward. */
  #deferred: number[] = [];
  #paused = false;

  constructor(
    private readonly send: (ids: number[]) => Promise<unknown>,
    /** A batch failed: `ids` are what it was to mark (they are marked again when seen). */
    private readonly onError: (err: unknown, ids: readonly number[]) => void,
    /** Whether the user can see the window now (a test without one says so itself). */
    private readonly inView: () => boolean = () =>
      document.hasFocus() && document.visibilityState === 'visible',
  ) {}

  seen(ids: number[]): void {
    if (this.#paused) return;
    if (!this.inView()) {
      this.#deferred = ids;
      return;
    }
    for (const id of ids) if (!this.#sent.has(id)) this.#pending.add(id);
    if (this.#pending.size === 0) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), DELAY_MS);
  }

  /** The window came forward: what was on screen counts as seen now. */
  focused(): void {
    this.seen(this.#deferred);
    this.#deferred = [];
  }

  stop(): void {
    clearTimeout(this.#timer);
  }

  /** The user marked messages unread here: nothing is marked read until `resume()`. */
  pause(): void {
    this.#paused = true;
    this.#pending.clear();
    this.#deferred = [];
    clearTimeout(this.#timer);
  }

  /** Another view is open: what is seen there counts again. */
  resume(): void {
    this.#paused = false;
  }

  #flush(): void {
    const ids = [...this.#pending].slice(0, BATCH);
    for (const id of ids) {
      this.#pending.delete(id);
      this.#sent.add(id);
    }
    if (ids.length === 0) return;
    this.send(ids).catch((err: unknown) => {
      for (const id of ids) this.#sent.delete(id);
      this.onError(err, ids);
    });
    if (this.#pending.size > 0) this.#timer = setTimeout(() => this.#flush(), DELAY_MS);
  }
}

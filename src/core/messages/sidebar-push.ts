/**
 * Each account's sidebar is pushed as what changed (messages.sidebarPatch),
 * and only while a view shows it: `watch` (the messages.sidebar call) adds a watcher and
 * answers the whole sidebar, `unwatch` takes one away. A change (an event, unread counts, the
 * connection) rebuilds the sidebar from what the Core keeps and pushes the rows that differ.
 * Builds run one after another per account, so patches leave in the order of what they say.
 * A sidebar built stale (the server out of reach for its lists while the event queue may be
 * fine) is built again by itself, 2 s later and then less and less often up to every 30 s,
 * until it is whole or nobody watches it: a blip must not leave the reader without topics
 * until they happen to open one.
 */
import { groupedRowSource, KeyedBaseline } from '../../contract/inbox-patch.ts';
import type { PushBus } from '../push-bus.ts';
import type {
  Sidebar,
  SidebarPatchWire,
  SidebarRowWire,
  SidebarSnapshot,
} from '../../contract/schemas/messages.ts';
import type { AccountStatus } from '../store/account-stores.ts';
import { describeError } from '../errors.ts';
import { systemClock, type Clock, type TimerHandle } from '../../lib/clock.ts';
import { sidebarHead, sidebarRowKey, sidebarRows } from '../../contract/sidebar-patch.ts';

export class SidebarPush {
  readonly #bus: PushBus;
  readonly #build: (accountId: string) => Promise<Sidebar>;
  readonly #watchers = new Map<string, number>();
  readonly #pushed = new Map<string, KeyedBaseline>();
  /** Each account's last build, so the next waits for it. */
  readonly #chain = new Map<string, Promise<unknown>>();
  /** Accounts with a rebuild waiting to start: more changes meanwhile join it. */
  readonly #queued = new Set<string>();
  readonly #health = new Map<string, string>();
  /** The head each account's last patch carried, to say a failed rebuild beside it. */
  readonly #heads = new Map<string, SidebarPatchWire['head']>();
  readonly #clock: Clock;
  /** Accounts whose last build was stale: the retry waiting, and how many came before it. */
  readonly #retries = new Map<string, { timer: TimerHandle; tries: number }>();

  constructor(
    bus: PushBus,
    build: (accountId: string) => Promise<Sidebar>,
    clock: Clock = systemClock,
  ) {
    this.#bus = bus;
    this.#build = build;
    this.#clock = clock;
    // Back in reach (or out of it): a sidebar built from the registered state is built again.
    bus.subscribe(
      (topic, payload) => {
        if (topic !== 'sync.status') return;
        for (const { accountId, health } of payload as AccountStatus[]) {
          if (this.#health.get(accountId) === health.state) continue;
          this.#health.set(accountId, health.state);
          this.touch(accountId);
        }
      },
      (topic) => topic === 'sync.status',
    );
  }

  /** The whole sidebar as of its last patch; its changes are pushed from now on. */
  watch(accountId: string): Promise<SidebarSnapshot> {
    this.#watchers.set(accountId, (this.#watchers.get(accountId) ?? 0) + 1);
    return this.#run(accountId, async () => {
      const sidebar = this.#retryIfStale(accountId, await this.#build(accountId));
      // With no other view following, the snapshot says it all: no patch repeats it.
      const quiet = this.#watchers.get(accountId) === 1;
      return { ...sidebar, accountId, seq: this.#push(accountId, sidebar, quiet) };
    });
  }

  unwatch(accountId: string): void {
    const left = (this.#watchers.get(accountId) ?? 0) - 1;
    if (left > 0) this.#watchers.set(accountId, left);
    else {
      this.#watchers.delete(accountId);
      this.#clock.clearTimeout(this.#retries.get(accountId)?.timer);
      this.#retries.delete(accountId);
    }
  }

  /** The Core is closing: no view watches any more, and no retry is left waiting. */
  close(): void {
    for (const { timer } of this.#retries.values()) this.#clock.clearTimeout(timer);
    this.#retries.clear();
    this.#watchers.clear();
  }

  /**
   * Something the sidebar shows may have changed: rebuilt and pushed while it is watched and
   * a window takes its patches. A view that goes with its window (a tab closed, a window
   * destroyed) never says unwatch, so the count alone would keep a closed window's sidebar
   * built for every message of the day; the windows' interests say who listens now
   * (PushBus.wanted). Nothing is lost by skipping: the next watch diffs from the last push.
   */
  touch(accountId: string): void {
    if (!this.#listened(accountId) || this.#queued.has(accountId)) return;
    this.#queued.add(accountId);
    this.#run(accountId, async () => {
      this.#queued.delete(accountId);
      if (!this.#listened(accountId)) return;
      try {
        this.#push(accountId, this.#retryIfStale(accountId, await this.#build(accountId)));
      } catch (error) {
        this.#failed(accountId, error);
      }
    }).catch(() => undefined);
  }

  #listened(accountId: string): boolean {
    return this.#watchers.has(accountId) && this.#bus.wanted('messages.sidebarPatch', accountId);
  }

  /** A stale build schedules the next try; a whole one ends the tries. */
  #retryIfStale(accountId: string, sidebar: Sidebar): Sidebar {
    const last = this.#retries.get(accountId);
    this.#clock.clearTimeout(last?.timer);
    this.#retries.delete(accountId);
    if (sidebar.stale === undefined || !this.#watchers.has(accountId)) return sidebar;
    const tries = (last?.tries ?? 0) + 1;
    const timer = this.#clock.setTimeout(
      () => this.touch(accountId),
      Math.min(30_000, 2_000 * 2 ** (tries - 1)),
    );
    this.#retries.set(accountId, { timer, tries });
    return sidebar;
  }

  /** Not rebuilt (refused, malformed): the page keeps its rows and is told why. */
  #failed(accountId: string, error: unknown): void {
    const baseline = this.#pushed.get(accountId);
    const last = this.#heads.get(accountId);
    if (baseline === undefined || last === undefined) return;
    const head = { ...last, refreshError: describeError(error).message };
    baseline.record('head', head);
    this.#heads.set(accountId, head);
    this.#bus.publish('messages.sidebarPatch', {
      accountId,
      seq: ++baseline.seq,
      head,
      upsert: [],
      remove: [],
    });
  }

  #run<T>(accountId: string, job: () => Promise<T>): Promise<T> {
    const next = (this.#chain.get(accountId) ?? Promise.resolve()).then(job);
    const settled = next.catch(() => undefined);
    this.#chain.set(accountId, settled);
    void settled.then(() => {
      if (this.#chain.get(accountId) === settled) this.#chain.delete(accountId);
    });
    return next;
  }

  /** Pushes the rows that differ from the last push, if any; returns the account's patch count. */
  #push(accountId: string, sidebar: Sidebar, quiet = false): number {
    let baseline = this.#pushed.get(accountId);
    if (baseline === undefined) {
      baseline = new KeyedBaseline();
      this.#pushed.set(accountId, baseline);
    }
    const head = sidebarHead(sidebar);
    this.#heads.set(accountId, head);
    // Rows are never changed once built, and one unchanged since the last build is the same
    // object (SidebarRows in sidebar.ts): compared by what they are made of, only the rows
    // made anew are written out as text.
    const sourceOf = groupedRowSource(sidebar.channels) as (row: SidebarRowWire) => unknown;
    const rows = baseline.diff(
      [{ head }, ...sidebarRows(sidebar)],
      (r) => ('head' in r ? 'head' : sidebarRowKey(r)),
      { frozen: (r) => !('head' in r), identity: (r) => ('head' in r ? r : sourceOf(r)) },
    );
    if (rows.upsert.length === 0 && rows.remove.length === 0) return baseline.seq;
    if (quiet) return ++baseline.seq;
    this.#bus.publish('messages.sidebarPatch', {
      accountId,
      seq: ++baseline.seq,
      head,
      upsert: rows.upsert.filter((r) => !('head' in r)) as ReturnType<typeof sidebarRows>,
      remove: rows.remove,
    });
    return baseline.seq;
  }
}

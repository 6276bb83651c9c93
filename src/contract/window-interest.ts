/**
 * Which pushed topics one window takes (docs/architecture.md "Pushed topics": a view's
 * changes cross the bridge only while it is shown). The page says the topics its mounted
 * views follow whenever that set changes, and, for a topic whose every view shows one
 * account's data (the Messages screen shows one account), the accounts it follows there;
 * a window that has not said yet takes every topic of every account, so nothing is lost
 * before its first word, and a followed topic it names no accounts for takes them all.
 * Both transports keep one per window: the web host per WebSocket, Electron per webContents.
 */
import { z } from 'zod';
import { topics, type Topic } from './contract.ts';
import { lazySchema } from '../lib/lazy-schema.ts';

/** What a window sends: the names of the topics it follows now. */
export const ListenTopics = lazySchema(() => z.array(z.string().max(100)).max(500));

/** For some followed topics, the only accounts whose pushes the window takes. */
export const ListenAccounts = lazySchema(() =>
  z
    .record(z.string().max(100), z.array(z.string().max(200)).max(100))
    .refine((r) => Object.keys(r).length <= 50, 'too many topics'),
);

/** Which account a push is about, for a payload that names one at its top. */
export function pushAccount(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const id = (payload as { accountId?: unknown }).accountId;
  return typeof id === 'string' ? id : undefined;
}

export class WindowInterest {
  #topics: Set<string> | undefined;
  #accounts = new Map<string, Set<string>>();

  /**
   * Replaces what the window follows; false (and nothing changed) for a malformed list.
   * `accounts` absent: every account of each followed topic.
   */
  set(list: unknown, accounts?: unknown): boolean {
    const parsed = ListenTopics.safeParse(list);
    if (!parsed.success) return false;
    const perAccount = accounts === undefined ? undefined : ListenAccounts.safeParse(accounts);
    if (perAccount && !perAccount.success) return false;
    this.#topics = new Set(parsed.data.filter((t) => Object.hasOwn(topics, t)));
    this.#accounts = new Map(
      Object.entries(perAccount?.data ?? {})
        .filter(([t]) => Object.hasOwn(topics, t))
        .map(([t, ids]) => [t, new Set(ids)]),
    );
    return true;
  }

  /** `accountId` is the push's account where it has one (`pushAccount`). */
  readonly wants = (topic: Topic, accountId?: string): boolean => {
    if (this.#topics === undefined) return true;
    if (!this.#topics.has(topic)) return false;
    const only = this.#accounts.get(topic);
    return only === undefined || accountId === undefined || only.has(accountId);
  };
}

/** What the interests need of a window: its id, and word that it is gone (a WebContents). */
export interface InterestWindow {
  readonly id: number;
  once(event: 'destroyed', listener: () => void): unknown;
}

/**
 * Each window's interest by id, for a host with several windows (Electron keeps one per
 * webContents; a reloaded page says its topics again), dropped when the window is gone.
 */
export class WindowInterests {
  readonly #byId = new Map<number, WindowInterest>();

  /** What `window` follows now; false (and nothing changed) for a malformed list. */
  set(window: InterestWindow, list: unknown, accounts?: unknown): boolean {
    // The id is read now, never in the 'destroyed' handler: Electron marks a webContents
    // destroyed before it emits that event, and from then on reading its id throws "Object
    // has been destroyed" (WebContents::WebContentsDestroyed,
    // shell/browser/api/electron_api_web_contents.cc).
    const id = window.id;
    let interest = this.#byId.get(id);
    if (!interest) {
      interest = new WindowInterest();
      this.#byId.set(id, interest);
      window.once('destroyed', () => this.#byId.delete(id));
    }
    return interest.set(list, accounts);
  }

  /** Whether window `id` takes the push; a window that has not said yet takes everything. */
  wants(id: number, topic: Topic, accountId?: string): boolean {
    return this.#byId.get(id)?.wants(topic, accountId) ?? true;
  }

  /** How many windows have said what they follow and are still open. */
  get size(): number {
    return this.#byId.size;
  }
}

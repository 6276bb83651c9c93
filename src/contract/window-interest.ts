/**
 * Which pushed topics one window takes (docs/architecture.md "Pushed topics": a view's
 * changes cross the bridge only while it is shown). The page says the topics its mounted
 * views follow whenever that set changes; a window that has not said yet takes every topic,
 * so nothing is lost before its first word.
 * Both transports keep one per window: the web host per WebSocket, Electron per webContents.
 */
import { z } from 'zod';
import { topics, type Topic } from './contract.ts';

/** What a window sends: the names of the topics it follows now. */
export const ListenTopics = z.array(z.string().max(100)).max(500);

export class WindowInterest {
  #topics: Set<string> | undefined;

  /** Replaces what the window follows; false (and nothing changed) for a malformed list. */
  set(list: unknown): boolean {
    const parsed = ListenTopics.safeParse(list);
    if (!parsed.success) return false;
    this.#topics = new Set(parsed.data.filter((t) => Object.hasOwn(topics, t)));
    return true;
  }

  readonly wants = (topic: Topic): boolean => this.#topics === undefined || this.#topics.has(topic);
}

/**
 * The plaintext inside a sealed cache file: four JSON texts, one a line (JSON text never
 * holds a raw line break): what the file is, the account's last registration, the events
 * since, and the kept messages. The registration and the events are already text in the
 * store (store/state-log.ts), so a write copies them rather than encoding them again.
 */
import { StringDecoder } from 'node:string_decoder';
import { z } from 'zod';
import { snapshotTexts, type MessagesSnapshot } from '../messages/store/store-snapshot.ts';
import type { StoreSnapshot } from '../store/state-log.ts';
import type { AccountInbox } from '../model/inbox-rows.ts';
import { CacheRefused } from './cache-format.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/**
 * The shape of the Inbox rows saved with a snapshot: bumped whenever the rows built from the
 * models change, so a summary of another shape is not shown but built again from the models.
 * The file's format stays: a Perch that does not know the summary reads the file without it.
 */
export const INBOX_SUMMARY_VERSION = 1;

export interface CachedAccount {
  accountId: string;
  /** When the snapshot was taken (ms since epoch): "Saved at 10:42". */
  savedAt: number;
  state: StoreSnapshot;
  messages: MessagesSnapshot | undefined;
  /**
   * The kept messages still as the file's text, when they were not parsed: a start reads
   * them only once a view asks (messages/store/message-store.ts), and a write of an account
   * whose messages nobody asked for copies this text back. Wins over `messages`.
   */
  messagesText?: string;
  /** The newest message id already notified or counted: nothing at or below is notified again. */
  notifiedUpTo: number;
  /**
   * The account's Inbox as the saved models give it, written with them: a start shows it
   * without building 4 000 rows again from the restored models (AccountStore.restore).
   */
  inbox?: AccountInbox | undefined;
}

const Head = lazySchema(() =>
  z.object({
    accountId: z.string(),
    savedAt: z.number(),
    newestMessageId: z.number(),
    notifiedUpTo: z.number(),
    // Checked for its version and shape only (summaryOf): the rows are the Core's own, sealed
    // with the rest, and checking thousands of them would cost what the summary saves.
    inbox: z.unknown().optional(),
  }),
);

/** The saved Inbox, if it is of this Perch's shape; undefined makes the restore build it. */
function summaryOf(saved: unknown): AccountInbox | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { version, channels, dms } = saved as Record<string, unknown>;
  if (version !== INBOX_SUMMARY_VERSION || !Array.isArray(channels) || !Array.isArray(dms))
    return undefined;
  return { channels, dms } as AccountInbox;
}

export function encodePayload(cached: CachedAccount): Buffer {
  return Buffer.from(payloadTexts(cached).join(''), 'utf8');
}

/**
 * The payload as the texts it joins, in order: sealed piece by piece (cache-format.ts,
 * sealCacheTo), the registration and the kept messages, already text, are never copied
 * into one string of the whole. The kept messages are several pieces (snapshotTexts).
 */
export function payloadTexts(cached: CachedAccount): string[] {
  const head = JSON.stringify({
    accountId: cached.accountId,
    savedAt: cached.savedAt,
    newestMessageId: cached.state.newestMessageId,
    notifiedUpTo: cached.notifiedUpTo,
    ...(cached.inbox ? { inbox: { version: INBOX_SUMMARY_VERSION, ...cached.inbox } } : {}),
  });
  const messages =
    cached.messagesText !== undefined
      ? [cached.messagesText]
      : cached.messages
        ? snapshotTexts(cached.messages)
        : ['null'];
  return [head, '\n', cached.state.register, '\n', cached.state.events, '\n', ...messages];
}

/**
 * The payload back, or CacheRefused when it is not whole (a snapshot of an older Perch). The
 * kept messages stay text (`messagesText`) unless `parseMessages`.
 */
export function decodePayload(
  bytes: Buffer,
  accountId: string,
  options: { parseMessages?: boolean } = {},
): CachedAccount {
  const lines = new PayloadLines();
  lines.push(bytes);
  return decodeLines(lines.end(), accountId, options);
}

/**
 * The payload's lines gathered from its plaintext piece by piece (cache-format.ts,
 * openCacheBy): each line is one string of its own, kept by no larger string.
 */
export class PayloadLines {
  readonly #decoder = new StringDecoder('utf8');
  readonly #lines: string[] = [];
  #parts: string[] = [];

  push(plain: Buffer): void {
    const text = this.#decoder.write(plain);
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.#parts.push(text.slice(start, end));
      this.#endLine();
      start = end + 1;
    }
    if (start < text.length) this.#parts.push(text.slice(start));
  }

  /** The lines, or undefined when they are not the payload's four. */
  end(): string[] | undefined {
    const rest = this.#decoder.end();
    if (rest) this.#parts.push(rest);
    this.#endLine();
    return this.#lines.length === 4 ? this.#lines : undefined;
  }

  #endLine(): void {
    // Joined into a string of its own: a slice would keep its whole piece of text alive.
    this.#lines.push(this.#parts.length === 1 ? flat(this.#parts[0]!) : this.#parts.join(''));
    this.#parts = [];
  }
}

/** A copy of the text that shares no memory with a larger string. */
function flat(text: string): string {
  return text.length === 0 ? '' : Buffer.from(text, 'utf8').toString('utf8');
}

/** The payload from its four lines (see decodePayload). */
export function decodeLines(
  lines: string[] | undefined,
  accountId: string,
  { parseMessages = false }: { parseMessages?: boolean } = {},
): CachedAccount {
  if (lines === undefined) throw new CacheRefused('unreadable-contents', 'not four parts');
  const [headText, register, events, messagesText] = lines as [string, string, string, string];
  try {
    // Once per file at start: not worth zod compiling a check for (lib/json-file.ts).
    const head = Head.parse(JSON.parse(headText), { jitless: true });
    if (head.accountId !== accountId) throw new Error('another account');
    // The registration and the events stay text here: they are parsed and checked when the
    // store replays them, after the first Inbox, which the head's rows give
    // (AccountStore.restore); a snapshot that does not replay is refused then.
    const saved = messagesText === 'null' ? undefined : messagesText;
    // The messages are checked for what they are when parsed: a text that is no JSON object
    // is no kept messages, and the account starts without them (`SavedMessages.load`).
    const inbox = summaryOf(head.inbox);
    const messages =
      parseMessages && saved !== undefined ? (JSON.parse(saved) as MessagesSnapshot) : undefined;
    return {
      accountId,
      savedAt: head.savedAt,
      state: {
        register,
        events,
        newestMessageId: head.newestMessageId,
      },
      messages,
      ...(messages === undefined && saved !== undefined ? { messagesText: saved } : {}),
      notifiedUpTo: head.notifiedUpTo,
      ...(inbox ? { inbox } : {}),
    };
  } catch (err) {
    throw new CacheRefused('unreadable-contents', err instanceof Error ? err.message : undefined);
  }
}

/** The kept messages of a payload, parsed if they were still text. */
export function messagesOf(cached: CachedAccount): MessagesSnapshot | undefined {
  if (cached.messagesText !== undefined) return JSON.parse(cached.messagesText) as MessagesSnapshot;
  return cached.messages;
}

/**
 * Uploaded files of one running server, in memory: who uploaded each, and the short-lived
 * links that let a page show one without credentials (GET /user_uploads/{realm}/{path}
 * hands them out). Paths follow the widely deployed server: /user_uploads/<realm>/<2>/<24>/<name>.
 */
import { randomBytes } from 'node:crypto';
import { perContext, type ServerContext } from '../context.ts';

/** This server hosts one organization; its id is part of every upload's path. */
export const REALM_ID = 2;

/** How long a temporary link works; the widely deployed server uses 60 s. */
export const TEMPORARY_LINK_MS = 60_000;

export interface StoredUpload {
  /** `/user_uploads/2/ab/<random>/<name>`. */
  path: string;
  name: string;
  contentType: string;
  bytes: Buffer;
  ownerId: number;
}

/** A file name safe in a path and a header: no separators, no control characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[/\\?%*:|"<>\p{Cc}]/gu, '_')
    .replace(/\s+/g, '-')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned === '' ? 'uploaded-file' : cleaned;
}

export class UploadStore {
  readonly #byPath = new Map<string, StoredUpload>();
  readonly #temporary = new Map<string, { path: string; until: number }>();

  constructor(private readonly ctx: ServerContext) {}

  add(ownerId: number, name: string, contentType: string, bytes: Buffer): StoredUpload {
    const file = safeFileName(name);
    const path = `/user_uploads/${REALM_ID}/${randomBytes(1).toString('hex')}/${randomBytes(18).toString('base64url')}/${encodeURIComponent(file)}`;
    const upload = { path, name: file, contentType, bytes, ownerId };
    this.#byPath.set(path, upload);
    return upload;
  }

  /** How many files are stored (tests check that a cancelled upload left none). */
  get size(): number {
    return this.#byPath.size;
  }

  get(path: string): StoredUpload | undefined {
    return this.#byPath.get(path);
  }

  /** A link that serves the file without credentials until it expires. */
  temporaryLink(upload: StoredUpload): string {
    const token = randomBytes(24).toString('base64url');
    const now = this.ctx.clock.now();
    for (const [t, link] of this.#temporary) if (link.until <= now) this.#temporary.delete(t);
    this.#temporary.set(token, { path: upload.path, until: now + TEMPORARY_LINK_MS });
    return `/user_uploads/temporary/${token}/${encodeURIComponent(upload.name)}`;
  }

  byTemporaryToken(token: string): StoredUpload | undefined {
    const link = this.#temporary.get(token);
    if (!link || link.until <= this.ctx.clock.now()) return undefined;
    return this.#byPath.get(link.path);
  }
}

export const uploads = perContext((ctx) => new UploadStore(ctx));

/**
 * Files on their way from the renderer to the server. The renderer never holds the API key,
 * so it hands the bytes to the Core in chunks small enough for one RPC frame; the Core
 * checks the organization's limit before the first byte, assembles the file, and posts it.
 */
import { randomUUID } from 'node:crypto';
import { CoreError } from '../errors.ts';

/** Raw bytes per chunk: base64 makes it 4/3 larger, well inside MAX_FRAME_BYTES. */
export const CHUNK_BYTES = 512 * 1024;
/** Uploads one Core keeps open at once: a stuck renderer cannot pile up memory. */
const MAX_OPEN = 4;
const MIB = 1024 * 1024;

export interface PendingUpload {
  accountId: string;
  name: string;
  type: string;
  size: number;
  chunks: Buffer[];
  received: number;
  abort: AbortController;
}

/** "3.4 MB" for sizes the user reads. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MIB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MIB).toFixed(1)} MB`;
}

export function refuseTooLarge(name: string, size: number, limitMib: number): void {
  if (size <= limitMib * MIB) return;
  throw new CoreError(
    `“${name}” is ${sizeText(size)}; this organization takes files up to ${limitMib} MB. Nothing was uploaded.`,
  );
}

export class PendingUploads {
  readonly #open = new Map<string, PendingUpload>();

  begin(accountId: string, name: string, type: string, size: number): string {
    if (this.#open.size >= MAX_OPEN) {
      throw new CoreError(`${MAX_OPEN} files are already uploading; wait for one to finish.`);
    }
    const id = randomUUID();
    this.#open.set(id, {
      accountId,
      name,
      type,
      size,
      chunks: [],
      received: 0,
      abort: new AbortController(),
    });
    return id;
  }

  /** Adds the next chunk; chunks arrive in order, and never past the announced size. */
  chunk(id: string, offset: number, data: Buffer): number {
    const upload = this.get(id);
    if (offset !== upload.received || upload.received + data.length > upload.size) {
      this.cancel(id);
      throw new CoreError('The file changed while uploading; try again.');
    }
    upload.chunks.push(data);
    upload.received += data.length;
    return upload.received;
  }

  /** The whole file, once every byte arrived; the upload stays open until `done`. */
  complete(id: string): { upload: PendingUpload; bytes: Buffer } {
    const upload = this.get(id);
    if (upload.received !== upload.size) {
      this.cancel(id);
      throw new CoreError('The file arrived incomplete; try again.');
    }
    return { upload, bytes: Buffer.concat(upload.chunks) };
  }

  done(id: string): void {
    this.#open.delete(id);
  }

  cancel(id: string): void {
    this.#open.get(id)?.abort.abort();
    this.#open.delete(id);
  }

  get(id: string): PendingUpload {
    const upload = this.#open.get(id);
    if (!upload) throw new CoreError('This upload was cancelled.');
    return upload;
  }
}

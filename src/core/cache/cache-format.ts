/**
 * The on-disk form of one account's cache (docs/architecture.md, "The cache on disk"):
 *
 *   "PERCHC" · version (uint16 BE) · IV (12 bytes) · GCM tag (16 bytes) · ciphertext
 *
 * The plaintext is the snapshot as JSON, encrypted with AES-256-GCM under the account's own
 * random key. The header and the account's id are the authenticated data, so a file of
 * another format version, or one copied over another account's file, never decrypts. Any
 * file that does not decrypt and parse whole is refused with its reason; nothing is
 * half-read.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const CACHE_MAGIC = Buffer.from('PERCHC', 'latin1');
/** Bumped whenever the snapshot's shape changes: a file of any other version is dropped. */
export const CACHE_FORMAT_VERSION = 1;
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = CACHE_MAGIC.length + 2;
const MIN_BYTES = HEADER_BYTES + IV_BYTES + TAG_BYTES;

/** Why a cache file was refused; each has its sentence for Activity (cache-notes.ts). */
export type RefusalReason =
  | 'truncated'
  | 'not-a-cache'
  | 'other-version'
  | 'does-not-decrypt'
  | 'no-key'
  | 'unreadable-contents';

export class CacheRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'CacheRefused';
  }
}

export function newCacheKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

function header(version: number): Buffer {
  const out = Buffer.alloc(HEADER_BYTES);
  CACHE_MAGIC.copy(out, 0);
  out.writeUInt16BE(version, CACHE_MAGIC.length);
  return out;
}

function aad(head: Buffer, accountId: string): Buffer {
  return Buffer.concat([head, Buffer.from(accountId, 'utf8')]);
}

/** A new file's header and IV, and the cipher that seals what follows them. */
function cipherOf(key: Buffer, accountId: string, version: number) {
  if (key.length !== KEY_BYTES) throw new Error('A cache key is 32 bytes.');
  const head = header(version);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(head, accountId));
  return { head, iv, cipher };
}

export function sealCache(
  plaintext: Buffer,
  key: Buffer,
  accountId: string,
  version = CACHE_FORMAT_VERSION,
): Buffer {
  const { head, iv, cipher } = cipherOf(key, accountId, version);
  const body = cipher.update(plaintext);
  const tail = cipher.final();
  // One copy of the ciphertext into the file's bytes, not three: each copy of a cache of
  // several MB stays in the host's memory, outside V8's heap, until a full collection.
  const out = Buffer.allocUnsafe(MIN_BYTES + body.length + tail.length);
  head.copy(out, 0);
  iv.copy(out, HEADER_BYTES);
  cipher.getAuthTag().copy(out, HEADER_BYTES + IV_BYTES);
  body.copy(out, MIN_BYTES);
  tail.copy(out, MIN_BYTES + body.length);
  return out;
}

/** The sealed file's length for these texts: GCM's ciphertext is as long as the plaintext. */
export function sealedLength(texts: readonly string[]): number {
  let bytes = MIN_BYTES;
  for (const text of texts) bytes += Buffer.byteLength(text, 'utf8');
  return bytes;
}

/** Bytes of plaintext encrypted at a time when sealing texts piece by piece. */
const PIECE_BYTES = 64 * 1024;

/**
 * The same file as sealCache of the texts' UTF-8 joined, handed to `write` piece by piece
 * (the tag last, at its place in the header): a snapshot of several MB never exists whole as
 * plaintext or ciphertext. Buffers that size live outside V8's heap until a full collection,
 * and the allocator keeps what they took once freed (docs/architecture.md, "The cache on
 * disk"); pieces of 64 KB are reused instead.
 */
export async function sealCacheTo(
  texts: readonly string[],
  key: Buffer,
  accountId: string,
  write: (bytes: Uint8Array, position: number) => Promise<void>,
  version = CACHE_FORMAT_VERSION,
): Promise<number> {
  const { head, iv, cipher } = cipherOf(key, accountId, version);
  // The tag is known only at the end: its place is written over once the ciphertext is out.
  await write(Buffer.concat([head, iv, Buffer.alloc(TAG_BYTES)]), 0);
  let position = MIN_BYTES;
  const encoder = new TextEncoder();
  const piece = new Uint8Array(PIECE_BYTES);
  let filled = 0;
  const seal = async () => {
    const sealed = cipher.update(piece.subarray(0, filled));
    filled = 0;
    await write(sealed, position);
    position += sealed.length;
  };
  // Texts are packed into the piece one after another: a snapshot is many texts of a few KB
  // (snapshotTexts), and each cipher update and write is a call into C++ and the kernel.
  for (const text of texts) {
    let rest = text;
    for (;;) {
      // encodeInto never splits a surrogate pair between two pieces.
      const { read, written } = encoder.encodeInto(rest, piece.subarray(filled));
      filled += written;
      if (read === rest.length) break;
      rest = rest.slice(read);
      await seal();
    }
  }
  if (filled > 0) await seal();
  const tail = cipher.final();
  if (tail.length > 0) await write(tail, position);
  position += tail.length;
  await write(cipher.getAuthTag(), HEADER_BYTES + IV_BYTES);
  return position;
}

/** The header's checks: why this file cannot be opened, if it cannot. */
function checkHead(head: Buffer, length: number, key: Buffer): void {
  if (length < MIN_BYTES || head.length < MIN_BYTES) throw new CacheRefused('truncated');
  if (!head.subarray(0, CACHE_MAGIC.length).equals(CACHE_MAGIC))
    throw new CacheRefused('not-a-cache');
  const version = head.readUInt16BE(CACHE_MAGIC.length);
  if (version !== CACHE_FORMAT_VERSION)
    throw new CacheRefused('other-version', `format ${version}, expected ${CACHE_FORMAT_VERSION}`);
  if (key.length !== KEY_BYTES) throw new CacheRefused('no-key');
}

function decipherOf(head: Buffer, key: Buffer, accountId: string) {
  const decipher = createDecipheriv(
    'aes-256-gcm',
    key,
    head.subarray(HEADER_BYTES, HEADER_BYTES + IV_BYTES),
  );
  decipher.setAAD(aad(head.subarray(0, HEADER_BYTES), accountId));
  decipher.setAuthTag(head.subarray(HEADER_BYTES + IV_BYTES, MIN_BYTES));
  return decipher;
}

/** The plaintext of a sealed file, or CacheRefused with why it cannot be trusted. */
export function openCache(file: Buffer, key: Buffer, accountId: string): Buffer {
  checkHead(file, file.length, key);
  try {
    const decipher = decipherOf(file, key, accountId);
    const body = decipher.update(file.subarray(MIN_BYTES));
    const tail = decipher.final();
    // GCM's final block is empty: no second copy of the plaintext, which would stay in the
    // host's memory, outside V8's heap, until a full collection.
    return tail.length === 0 ? body : Buffer.concat([body, tail]);
  } catch {
    // GCM cannot tell a flipped byte, a cut-off body and a wrong key apart, nor should it.
    throw new CacheRefused('does-not-decrypt');
  }
}

/**
 * openCache of a file of `length` bytes read piece by piece through `read` (bytes read into
 * `into` from `position`), each piece of plaintext handed to `take` as it is deciphered: the
 * file and its plaintext never exist whole outside V8's heap (see sealCacheTo). What `take`
 * got is to be trusted only once this resolves: the tag is checked at the end, and a file
 * that fails it is refused (CacheRefused) like openCache's.
 */
export async function openCacheBy(
  length: number,
  read: (into: Uint8Array, position: number) => Promise<number>,
  key: Buffer,
  accountId: string,
  take: (plain: Buffer) => void,
): Promise<void> {
  const head = Buffer.alloc(MIN_BYTES);
  const got = length < MIN_BYTES ? 0 : await readFully(read, head, 0);
  checkHead(head.subarray(0, got), length, key);
  const decipher = decipherOf(head, key, accountId);
  const piece = Buffer.allocUnsafe(PIECE_BYTES);
  for (let position = MIN_BYTES; position < length;) {
    const n = await readFully(
      read,
      piece.subarray(0, Math.min(PIECE_BYTES, length - position)),
      position,
    );
    if (n === 0) throw new CacheRefused('truncated');
    take(decipher.update(piece.subarray(0, n)));
    position += n;
  }
  try {
    const tail = decipher.final();
    if (tail.length > 0) take(tail);
  } catch {
    throw new CacheRefused('does-not-decrypt');
  }
}

/** Reads until `into` is full or the file ends; how many bytes it holds. */
async function readFully(
  read: (into: Uint8Array, position: number) => Promise<number>,
  into: Uint8Array,
  position: number,
): Promise<number> {
  let done = 0;
  while (done < into.length) {
    const n = await read(into.subarray(done), position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

/**
 * A one-file multipart/form-data body written piece by piece, so the caller learns how many
 * bytes the connection has taken (upload progress) and an abort stops between pieces. Its
 * length is known up front: the request carries a Content-Length, not chunked encoding.
 */
import { randomBytes } from 'node:crypto';

/** Bytes per piece: small enough for progress to move, large enough to stay cheap. */
const PIECE_BYTES = 64 * 1024;

export interface StreamedBody {
  contentType: string;
  length: number;
  /** A fresh pass over the body each call: a retried request sends it again from the start. */
  pieces: () => AsyncIterable<Uint8Array>;
}

/** Quotes a filename as browsers do: `"` and line breaks escaped, everything else UTF-8. */
function quoted(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function multipartFile(
  field: string,
  file: { name: string; type: string; bytes: Uint8Array },
  onSent?: (sent: number, total: number) => void,
): StreamedBody {
  const boundary = `----perch${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${quoted(field)}"; filename="${quoted(file.name)}"\r\n` +
      `Content-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = file.bytes.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + total + tail.length,
    async *pieces() {
      yield head;
      for (let offset = 0; offset < total; offset += PIECE_BYTES) {
        const piece = file.bytes.subarray(offset, Math.min(total, offset + PIECE_BYTES));
        yield piece;
        // Resumed here once the connection wanted more: the piece has left.
        onSent?.(offset + piece.length, total);
      }
      yield tail;
    },
  };
}

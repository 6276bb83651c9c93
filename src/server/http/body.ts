/** Reads request parameters: the query string, plus a form body for every method but GET. */
import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from './errors.ts';
import type { UploadedFile } from './router.ts';

const MAX_BODY_BYTES = 8 * 1024 * 1024;
const MAX_DRAINED_BYTES = 4 * MAX_BODY_BYTES;

export interface RequestBody {
  values: Map<string, string>;
  files: UploadedFile[];
}

export async function readParams(
  req: IncomingMessage,
  url: URL,
  maxBytes = MAX_BODY_BYTES,
): Promise<RequestBody> {
  const values = new Map<string, string>();
  const files: UploadedFile[] = [];
  for (const [k, v] of url.searchParams) values.set(k, v);
  if (req.method === 'GET' || req.method === 'HEAD') return { values, files };
  const body = await readBody(req, maxBytes);
  if (body.length === 0) return { values, files };
  const contentType = req.headers['content-type'] ?? '';
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    // Some client libraries send multipart bodies; their text fields are parameters too.
    const form = await parseMultipart(body, contentType);
    for (const [k, v] of form.fields) values.set(k, v);
    files.push(...form.files);
    return { values, files };
  }
  if (type && type !== 'application/x-www-form-urlencoded') {
    throw badRequest(`Unsupported content type: ${type.slice(0, 80)}`);
  }
  for (const [k, v] of new URLSearchParams(body.toString('utf8'))) values.set(k, v);
  return { values, files };
}

async function parseMultipart(
  body: Buffer,
  contentType: string,
): Promise<{ fields: [string, string][]; files: UploadedFile[] }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'Content-Type': contentType },
    }).formData();
  } catch {
    throw badRequest('Malformed multipart body');
  }
  const fields: [string, string][] = [];
  const files: UploadedFile[] = [];
  const pending: Promise<void>[] = [];
  form.forEach((v, k) => {
    if (typeof v === 'string') fields.push([k, v]);
    else
      pending.push(
        v.arrayBuffer().then((b) => {
          files.push({ name: v.name, type: v.type, bytes: Buffer.from(b) });
        }),
      );
  });
  await Promise.all(pending);
  return { fields, files };
}

/**
 * Past the limit the rest of the body is read and dropped rather than left unread: closing
 * a socket with unread input resets it, and the client would see ECONNRESET instead of the
 * 413. A body still arriving long past the limit is cut off (the connection is destroyed).
 */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > Math.max(MAX_DRAINED_BYTES, maxBytes)) break;
      if (size <= maxBytes) chunks.push(chunk);
    }
  } catch {
    throw badRequest('The request body could not be read');
  }
  // The server answers 413 with `Connection: close`, so the client retries on a new connection.
  if (size > maxBytes) throw new ApiError('BAD_REQUEST', 'Request body too large', {}, 413);
  return Buffer.concat(chunks);
}

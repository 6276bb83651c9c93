/**
 * Hands a file to the Core in frame-sized chunks (the renderer never holds the API key, so
 * the Core posts it). The Core refuses a file over the organization's limit before any byte
 * moves; a cancel stops the chunks and the Core's request alike.
 */
import { invoke, on } from '../../../bridge.ts';

/**
 * The share of the bar that handing the bytes to the Core fills; the rest follows the
 * Core's upload to the server, byte by byte, which is the part a slow network makes long.
 */
const TO_CORE = 0.2;

export interface SentFile {
  path: string;
  name: string;
}

function base64(bytes: Uint8Array): string {
  let text = '';
  // Small slices keep String.fromCharCode's argument list short.
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * Opens an upload in the Core and hands it every byte of `file`; returns the upload's id for
 * the step that posts it (uploads.finish, emoji.add). An abort cancels it in the Core.
 */
export async function handOver(
  accountId: string,
  file: File,
  progress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const { uploadId, chunkBytes } = await invoke('uploads.begin', {
    accountId,
    name: file.name || 'pasted-file',
    type: file.type,
    size: file.size,
  });
  // Left on after the hand-over: the Core's post can be cancelled too (an unknown id is no-op).
  signal.addEventListener(
    'abort',
    () => void invoke('uploads.cancel', { uploadId }).catch(() => undefined),
    { once: true },
  );
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    signal.throwIfAborted();
    const slice = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
    await invoke('uploads.chunk', { uploadId, offset, data: base64(slice) });
    progress((offset + slice.length) / Math.max(1, file.size));
  }
  signal.throwIfAborted();
  return uploadId;
}

export async function sendFile(
  accountId: string,
  file: File,
  progress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<SentFile> {
  const uploadId = await handOver(accountId, file, (f) => progress(TO_CORE * f), signal);
  const off = on('uploads.progress', (p) => {
    if (p.uploadId === uploadId)
      progress(TO_CORE + ((1 - TO_CORE) * p.sent) / Math.max(1, p.total));
  });
  try {
    const sent = await invoke('uploads.finish', { uploadId });
    progress(1);
    return sent;
  } finally {
    off();
  }
}

/** The Markdown that links an upload: an image link shows the image in the message. */
export function uploadMarkdown(sent: SentFile): string {
  const name = sent.name.replace(/[[\]]/g, '');
  return `[${name}](${sent.path})`;
}

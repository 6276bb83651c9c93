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

export async function sendFile(
  accountId: string,
  file: File,
  progress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<SentFile> {
  const { uploadId, chunkBytes } = await invoke('uploads.begin', {
    accountId,
    name: file.name || 'pasted-file',
    type: file.type,
    size: file.size,
  });
  const cancel = () => void invoke('uploads.cancel', { uploadId }).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  let offProgress: (() => void) | undefined;
  try {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      signal.throwIfAborted();
      const slice = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
      await invoke('uploads.chunk', { uploadId, offset, data: base64(slice) });
      progress((TO_CORE * (offset + slice.length)) / Math.max(1, file.size));
    }
    signal.throwIfAborted();
    offProgress = on('uploads.progress', (p) => {
      if (p.uploadId === uploadId)
        progress(TO_CORE + ((1 - TO_CORE) * p.sent) / Math.max(1, p.total));
    });
    const sent = await invoke('uploads.finish', { uploadId });
    progress(1);
    return sent;
  } finally {
    offProgress?.();
    signal.removeEventListener('abort', cancel);
  }
}

/** The Markdown that links an upload: an image link shows the image in the message. */
export function uploadMarkdown(sent: SentFile): string {
  const name = sent.name.replace(/[[\]]/g, '');
  return `[${name}](${sent.path})`;
}

import { MAX_RC_FILE_CHARS } from '../../../contract/schemas/rc-file-limit.ts';

function size(bytes: number): string {
  // A no-break space: "64" and "KB" never end up on two lines.
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)}\u00a0MB`;
  return `${Math.ceil(bytes / 1024)}\u00a0KB`;
}

/** Why a picked file is refused unread: it is far larger than any zuliprc. */
export function rcFileTooLarge(name: string, bytes: number): string {
  return (
    `“${name}” is ${size(bytes)}, far larger than a zuliprc file (a few lines, never more ` +
    `than ${size(MAX_RC_FILE_CHARS)}), so it was not read. Choose the zuliprc file your ` +
    `organization gave you.`
  );
}

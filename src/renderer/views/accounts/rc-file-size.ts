import { MAX_RC_FILE_CHARS } from '../../../core/accounts/rc-file-limit.ts';

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** Why a picked file is refused unread: it is far larger than any zuliprc. */
export function rcFileTooLarge(name: string, bytes: number): string {
  return (
    `“${name}” is ${size(bytes)}, far larger than a zuliprc file (a few lines, never more ` +
    `than ${size(MAX_RC_FILE_CHARS)}), so it was not read. Choose the zuliprc file your ` +
    `organization gave you.`
  );
}

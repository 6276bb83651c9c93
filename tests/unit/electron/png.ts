import { readFileSync } from 'node:fs';

const SIGNATURE = '89504e470d0a1a0a';

/** Width and height from a PNG's header; throws when the file is not a PNG. */
export function pngSize(path: string): { width: number; height: number } {
  const head = readFileSync(path).subarray(0, 24);
  if (
    head.subarray(0, 8).toString('hex') !== SIGNATURE ||
    head.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw new Error(`${path} is not a PNG`);
  }
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

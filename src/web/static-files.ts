import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/**
 * Resolves a URL path to a file inside `root`, or undefined. Paths that climb out of the
 * root (.., encoded separators) resolve to nothing rather than to an error page that
 * would tell a prober what exists.
 */
export async function loadStatic(
  root: string,
  urlPath: string,
): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  try {
    if (!(await stat(full)).isFile()) return undefined;
    return {
      body: await readFile(full),
      type: contentTypes[extname(full)] ?? 'application/octet-stream',
    };
  } catch {
    return undefined;
  }
}

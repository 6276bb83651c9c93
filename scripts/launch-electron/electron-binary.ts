/**
 * Electron's binary: where it is, and downloading it once. The `electron` package downloads
 * it lazily the first time it is required and then fails with a message that says neither
 * why nor what to do; asking here first lets the launcher say both, before the slow build.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The executable, or null when it is not installed. Reads what the `electron` package reads. */
export function installedElectron(packageDir: string, env: NodeJS.ProcessEnv): string | null {
  let relative: string;
  try {
    relative = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    return null; // never extracted
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, relative) : join(packageDir, 'dist', relative);
  try {
    accessSync(binary, constants.X_OK);
    return binary;
  } catch {
    return null;
  }
}

export type DownloadResult = { ok: true } | { ok: false; output: string; timedOut: boolean };

const fetchCause = fileURLToPath(new URL('./fetch-cause.mjs', import.meta.url));

/**
 * Runs the `electron` package's own installer, for at most `timeoutMs`, capturing what it
 * prints so that a failure can be explained rather than dumped.
 */
export function downloadElectron(
  packageDir: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<DownloadResult> {
  // The installer uses a proxy only when asked to; a machine with one configured means it.
  const proxy = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  const child = spawn(process.execPath, ['--import', fetchCause, join(packageDir, 'install.js')], {
    env: {
      ...env,
      ...(proxy && !env.ELECTRON_GET_USE_PROXY ? { ELECTRON_GET_USE_PROXY: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output += `${error.message}\n`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && !timedOut ? { ok: true } : { ok: false, output, timedOut });
    });
  });
}

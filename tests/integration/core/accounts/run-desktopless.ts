/**
 * Runs a Core script in a child process with no D-Bus session and no display, so keytar
 * meets the same failure a desktop-less machine gives it; resolves with the JSON line the
 * script prints (each RPC answer by name). The whole process group is stopped after.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { desktoplessEnv } from '../../../fixtures/desktopless-env.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

export interface Answer {
  ok: boolean;
  result?: unknown;
  error?: { message: string; apiCode?: string; details?: Record<string, unknown> };
}

export function runDesktopless(script: string, args: string[]): Promise<Record<string, Answer>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: desktoplessEnv(),
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise<Record<string, Answer>>((resolve, reject) => {
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code === 0 && line) resolve(JSON.parse(line) as Record<string, Answer>);
      else reject(new Error(`exited with ${code}:\n${out}\n${err}`));
    });
  }).finally(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
}

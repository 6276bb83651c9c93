/**
 * Every command-line entry answers --help with its options (exit 0), and an unknown option with
 * one line that names it and the help hint (exit 2), never a stack.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs an entry point as its npm script does, minus npm (and the web script's build). */
function run(file: string, args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: root,
      // No display: the launcher must answer before it checks for one.
      env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const entries = [
  {
    file: 'src/web/cli.ts',
    command: 'npm run web --',
    options: ['--demo', '--port', '--data-dir', '--secret-store'],
  },
  {
    file: 'src/server/cli.ts',
    command: 'npm run -s server --',
    options: ['--port', '--demo', '--live', '--feature-level', '--jwt-key', '--tls-key'],
  },
  {
    file: 'src/botserver/cli.ts',
    command: 'npm run botserver --',
    options: ['--config', '--host', '--port'],
  },
  {
    file: 'scripts/launch-electron.ts',
    command: 'npm start --',
    options: ['--demo', '--hidden', '--data-dir'],
  },
];

describe.each(entries)('$command', ({ file, command, options }) => {
  it('--help lists every option and exits 0 without starting anything', async () => {
    const { code, out, err } = await run(file, ['--help']);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(new RegExp(`^Usage: ${command.replace(/[-.]/g, '\\$&')} \\[options\\]`));
    for (const option of [...options, '--help']) expect(out).toContain(option);
    expect(out).not.toMatch(/listening|Perch is running|Open:/);
  });

  it('an unknown option is one line naming it, with the help hint, exit 2', async () => {
    const { code, out, err } = await run(file, ['--no-such-option']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(
      `Unknown option '--no-such-option'. Try '${command} --help' for the options.\n`,
    );
  });

  it('an option missing its value is named too', async () => {
    const needsValue = options.find((o) => !['--demo', '--live', '--hidden'].includes(o))!;
    const { code, err } = await run(file, [needsValue]);
    expect(code).toBe(2);
    expect(err).toBe(
      `Option '${needsValue}' needs a value. Try '${command} --help' for the options.\n`,
    );
  });
});

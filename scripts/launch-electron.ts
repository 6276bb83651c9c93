/**
 * `npm start` and `npm run demo`: builds Perch and starts it in Electron, with this script's
 * arguments (`--demo`, `--data-dir …`). What can stop the desktop app is checked first, in
 * seconds, before the slow build: a machine with no display, and Electron's binary, which is
 * downloaded once on first use. Either failure ends in one message that says what failed,
 * why, and the browser-mode command that runs the same app, and a non-zero exit.
 *
 *   tsx scripts/launch-electron.ts [--demo] [--hidden] [--data-dir DIR] [--secret-store S]
 *     [-- Electron or Chromium switches…]
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandLine } from '../src/lib/command-line.ts';
import { downloadElectron, installedElectron } from './launch-electron/electron-binary.ts';
import {
  browserModeCommand,
  describeDownloadFailure,
  downloadFailedMessage,
  hasDisplay,
  noDisplayMessage,
  nodeTooOld,
} from './launch-electron/messages.ts';

/** A stalled download is given up on after this long; about 100 MB on a slow line fits. */
const DOWNLOAD_MINUTES = 10;

const root = fileURLToPath(new URL('..', import.meta.url));
const electronDir = join(root, 'node_modules', 'electron');
const given = process.argv.slice(2);
// Perch's own options are checked here, before any download or build; whatever follows a
// `--` goes to Electron untouched (its own and Chromium's switches).
const separator = given.indexOf('--');
const ours = separator < 0 ? given : given.slice(0, separator);
parseCommandLine(
  {
    command: 'npm start --',
    summary:
      'Builds Perch and starts it as the desktop tray app in Electron (downloading Electron\n' +
      'once if needed). `npm run demo` is the same with --demo. Where there is no display or\n' +
      'Electron cannot be had, it says so and gives the browser-mode command instead.',
    options: {
      demo: { type: 'boolean', help: 'sign in to the embedded demo organization' },
      hidden: { type: 'boolean', help: 'start in the tray without showing the window' },
      'data-dir': { type: 'string', value: 'DIR', help: "keep Perch's data here instead" },
      'secret-store': {
        type: 'string',
        value: 'keychain|memory',
        help: 'where API keys are kept: the OS keychain (default) or memory until Perch quits',
      },
    },
    epilog: 'Arguments after a further `--` are passed to Electron as they are.',
  },
  ours,
);
const args = separator < 0 ? given : [...ours, ...given.slice(separator + 1)];
const browserMode = browserModeCommand(args);

function fail(message: string): never {
  console.error(`\n${message}`);
  process.exit(1);
}

if (!hasDisplay(process.platform, process.env)) fail(noDisplayMessage(browserMode));

if (!installedElectron(electronDir, process.env)) {
  const pkg = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as {
    version: string;
    engines?: { node?: string };
  };
  console.log(
    `Electron ${pkg.version} is not installed yet: downloading it once (about 100 MB); ` +
      'later starts reuse it…',
  );
  const result = await downloadElectron(electronDir, process.env, DOWNLOAD_MINUTES * 60_000);
  if (!result.ok) {
    const failure = describeDownloadFailure(
      result.output,
      result.timedOut ? DOWNLOAD_MINUTES : undefined,
    );
    const oldNode = failure.understood
      ? null
      : nodeTooOld(pkg.engines?.node, process.versions.node);
    fail(downloadFailedMessage(failure, browserMode, pkg.version, oldNode));
  }
  console.log(`Electron ${pkg.version} is installed.`);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', 'build'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (build.status !== 0) process.exit(build.status ?? 1);

// The package's own CLI starts the binary found above, passes signals on and exits with its code.
const electron = spawn(process.execPath, [join(electronDir, 'cli.js'), root, ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => electron.kill(signal));
}
electron.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

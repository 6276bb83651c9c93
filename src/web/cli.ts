/**
 * `npm run web`: the Core in this Node process, the renderer served on 127.0.0.1, and the
 * URL to open printed on the first line.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore } from '../core/core.ts';
import { MemorySecretStore } from '../core/accounts/memory-secret-store.ts';
import { secretStoreChoice, type SecretStoreChoice } from '../core/accounts/secret-store-choice.ts';
import { startWebHost, WebHostListenError, type WebHost } from './host.ts';
import { commandLauncher, launcherCommand } from './launcher.ts';
import { readPackageVersion } from './version.ts';
import { projectRoot } from './project-root.ts';
import { parseCommandLine, usageError } from '../lib/command-line.ts';

const command = {
  command: 'npm run web --',
  summary:
    'Browser mode: runs the Perch Core in this process, serves the window on 127.0.0.1 and\n' +
    'prints the URL to open (it carries a per-run token). Stop it with Ctrl+C.',
  options: {
    demo: { type: 'boolean', default: false, help: 'sign in to the embedded demo organization' },
    port: { type: 'string', default: '0', value: 'N', help: 'port on 127.0.0.1 (0: any free one)' },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      help: 'where Perch keeps accounts and preferences (default: ~/.perch-web)',
    },
    'secret-store': {
      type: 'string',
      value: 'keychain|memory',
      help: 'where API keys are kept: the OS keychain (default) or memory until Perch quits',
    },
  },
  epilog: 'The environment variable PERCH_SECRET_STORE sets --secret-store too (the flag wins).',
} as const;
const values = parseCommandLine(command);

let secretStore: SecretStoreChoice;
try {
  secretStore = secretStoreChoice(values['secret-store'], process.env);
} catch (err) {
  usageError(command, (err as Error).message.replace(/\.$/, ''));
}
if (!/^\d+$/.test(values.port) || Number(values.port) > 65535)
  usageError(command, `--port must be a number from 0 to 65535, not "${values.port}"`);

const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.perch-web'));
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const staticDir = join(projectRoot(), 'dist/renderer');
/** The sound files the page plays (src/renderer/lib/sound.ts): the user's sound, or its default chime. */
const soundFile = (sound: string): string | undefined => {
  const file = join(staticDir, 'sounds', `${sound}.ogg`);
  const chime = join(staticDir, 'sounds', 'chime.ogg');
  if (existsSync(file)) return file;
  return existsSync(chime) ? chime : undefined;
};
const core = await createCore({
  dataDir,
  version: readPackageVersion(),
  transport: 'web',
  // The contract's shapes are checked by the tests; per push, a shipped host only pays.
  checkPushes: false,
  checkResults: false,
  demo: values.demo,
  ...(secretStore === 'memory' ? { secrets: new MemorySecretStore() } : {}),
  soundInRenderer: true,
  notifyInRenderer: true,
  // With no tab open the Core still notifies, through the desktop's notification server.
  dbusNotifications: { soundFile },
});
let host: WebHost;
try {
  host = await startWebHost({
    core,
    staticDir,
    port: Number(values.port),
    // A notification clicked with no tab open opens one on its conversation.
    launcher: commandLauncher(launcherCommand(process.platform)),
  });
} catch (err) {
  if (!(err instanceof WebHostListenError)) throw err;
  // One line that says what to do, not Node's stack; the Core (its queues, its copies on
  // disk) is closed as Ctrl+C closes it.
  await core.close();
  process.stderr.write(
    `${err.message}. Choose another port with --port N, or --port 0 for any free one.\n`,
  );
  process.exit(1);
}
console.log(`Perch is running in browser mode. Open: ${host.url}`);

const stop = async () => {
  await host.close();
  await core.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

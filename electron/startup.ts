import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  secretStoreChoice,
  type SecretStoreChoice,
} from '../src/core/accounts/secret-store-choice.ts';

export interface StartupOptions {
  /** Sign in to the embedded demo organization. */
  demo: boolean;
  /** Start in the tray without showing the window (how the login item launches Perch). */
  hidden: boolean;
  /** Keep data here instead of the platform's user-data folder (tests, side-by-side profiles). */
  dataDir: string | null;
  /** Where real accounts' keys are kept (`--secret-store` or PERCH_SECRET_STORE). */
  secretStore: SecretStoreChoice;
}

/**
 * Reads Perch's own flags from the process arguments. Electron and Chromium put their own
 * switches and the app path in the same list, so anything unknown is left alone.
 */
export function parseStartupOptions(
  argv: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): StartupOptions {
  const { values } = parseArgs({
    args: argv.slice(1),
    strict: false,
    allowPositionals: true,
    options: {
      demo: { type: 'boolean' },
      hidden: { type: 'boolean' },
      'data-dir': { type: 'string' },
      'secret-store': { type: 'string' },
    },
  });
  const store = values['secret-store'];
  const dataDir = values['data-dir'];
  return {
    demo: values.demo === true,
    hidden: values.hidden === true,
    dataDir: typeof dataDir === 'string' && dataDir !== '' ? resolve(cwd, dataDir) : null,
    secretStore: secretStoreChoice(typeof store === 'string' ? store : undefined, env),
  };
}

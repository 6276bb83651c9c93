import { join } from 'node:path';
import { Preferences } from './rpc/contract.ts';
import { readJsonFile, writeJsonFile } from '../lib/json-file.ts';

export const defaultPreferences: Preferences = {
  theme: 'system',
  closeToTray: true,
  startAtLogin: false,
};

/** The app's own preferences, one JSON file in the data directory; never holds a secret. */
export class PreferencesStore {
  private readonly path: string;
  private current: Preferences = defaultPreferences;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'preferences.json');
  }

  async load(): Promise<Preferences> {
    this.current = await readJsonFile(this.path, Preferences.partial(), {}).then((p) => ({
      ...defaultPreferences,
      ...p,
    }));
    return this.current;
  }

  get(): Preferences {
    return this.current;
  }

  async update(change: Partial<Preferences>): Promise<Preferences> {
    const next = Preferences.parse({ ...this.current, ...change });
    await writeJsonFile(this.path, next);
    this.current = next;
    return next;
  }
}

import { join } from 'node:path';
import type { z } from 'zod';
import { Preferences } from '../contract/contract.ts';
import { ProxyPreference } from '../contract/schemas/network.ts';
import { readJsonFile, writeJsonFile } from '../lib/json-file.ts';
import { lazySchema } from '../lib/lazy-schema.ts';

export const defaultPreferences: Preferences = {
  theme: 'system',
  closeToTray: true,
  startAtLogin: false,
};

/** Follow the environment's proxy until the user picks another. */
export const defaultProxyPreference: ProxyPreference = { mode: 'system', url: '', username: '' };

/** The file: the preferences plus the proxy section, which has its own channel (and password). */
const PreferencesFile = lazySchema(() =>
  Preferences.partial().extend({ proxy: ProxyPreference.optional() }),
);
type PreferencesFile = z.infer<typeof PreferencesFile>;

/** The app's own preferences, one JSON file in the data directory; never holds a secret. */
export class PreferencesStore {
  private readonly path: string;
  private current: Preferences = defaultPreferences;
  private proxyPreference: ProxyPreference = defaultProxyPreference;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'preferences.json');
  }

  async load(): Promise<Preferences> {
    const { proxy, ...rest }: PreferencesFile = await readJsonFile(this.path, PreferencesFile, {});
    this.current = { ...defaultPreferences, ...rest };
    this.proxyPreference = proxy ?? defaultProxyPreference;
    return this.current;
  }

  get(): Preferences {
    return this.current;
  }

  /** The proxy choice; its password is in the keychain, never here. */
  proxy(): ProxyPreference {
    return this.proxyPreference;
  }

  async update(change: Partial<Preferences>): Promise<Preferences> {
    const next = Preferences.parse({ ...this.current, ...change });
    await this.save(next, this.proxyPreference);
    this.current = next;
    return next;
  }

  async setProxy(proxy: ProxyPreference): Promise<ProxyPreference> {
    const next = ProxyPreference.parse(proxy);
    await this.save(this.current, next);
    this.proxyPreference = next;
    return next;
  }

  private save(prefs: Preferences, proxy: ProxyPreference): Promise<void> {
    return writeJsonFile(this.path, { ...prefs, proxy });
  }
}

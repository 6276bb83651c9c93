/**
 * The proxy Perch uses for each server: the environment's (the default), none, or one the
 * user typed in Preferences. The manual proxy's password lives in the keychain under its
 * own key; the Core keeps a copy in memory so every request can be routed without asking
 * the keychain, and the renderer only ever learns whether one is set.
 */
import type { ProxyRoute } from '../../api/connection.ts';
import type { SecretStore } from '../accounts/secret-store.ts';
import type { PreferencesStore } from '../prefs.ts';
import { CoreError } from '../errors.ts';
import type { ProxyPreference, ProxyState } from '../../contract/schemas/network.ts';
import {
  bypassesProxy,
  envNoProxy,
  envProxyFor,
  envProxyForServer,
  type Env,
} from './proxy-env.ts';

/** The keychain entry of the manual proxy's password (account entries are account ids). */
export const PROXY_PASSWORD_KEY = 'proxy:manual';

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/**
 * A proxy address as typed or as the environment gives it: `http://host:port`, or
 * `host:port` (http assumed, as curl does). Credentials in it (`user:pass@`) are split off.
 */
export function parseProxyUrl(input: string): { url: string; username: string; password: string } {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`"${trimmed}" is not a proxy address; enter it as http://host:port.`);
  }
  if (url.protocol !== 'http:') {
    throw new Error(`Only http:// proxies (HTTP CONNECT) are supported, not ${url.protocol}//.`);
  }
  if (!url.hostname) throw new Error('Enter the proxy as http://host:port.');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error('Enter only the proxy host and port, as http://host:port.');
  }
  return {
    url: `http://${url.host}`,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/** An environment proxy for display: its credentials, if any, never leave the Core. */
function shown(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return parseProxyUrl(value).url;
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//');
  }
}

export class ProxySettings {
  #password: string | undefined;

  constructor(
    private readonly prefs: PreferencesStore,
    private readonly secrets: SecretStore,
    private readonly env: Env = process.env,
  ) {}

  /** Reads the manual proxy's password once at start; a locked keychain means none for now. */
  async load(): Promise<void> {
    this.#password = await this.secrets.get(PROXY_PASSWORD_KEY).catch(() => undefined);
  }

  /** The route to `serverUrl`, or undefined to connect directly. */
  routeFor(serverUrl: string): ProxyRoute | undefined {
    const pref = this.prefs.proxy();
    if (pref.mode === 'none') return undefined;
    if (pref.mode === 'manual') {
      if (!pref.url || bypassesProxy(new URL(serverUrl), undefined)) return undefined;
      const auth = pref.username ? basic(pref.username, this.#password ?? '') : undefined;
      return { url: pref.url, ...(auth ? { authorization: auth } : {}) };
    }
    const fromEnv = envProxyForServer(serverUrl, this.env);
    if (!fromEnv) return undefined;
    try {
      const { url, username, password } = parseProxyUrl(fromEnv);
      return { url, ...(username ? { authorization: basic(username, password) } : {}) };
    } catch {
      // An environment proxy Perch cannot use (socks://, a typo) is skipped, as curl warns and goes direct.
      return undefined;
    }
  }

  /** Why `routeFor(serverUrl)` is what it is, in words for the doctor's report. */
  noteFor(serverUrl: string): string {
    const pref = this.prefs.proxy();
    const url = new URL(serverUrl);
    if (pref.mode === 'none') return 'Preferences say to use no proxy';
    if (pref.mode === 'manual') {
      if (!pref.url) return 'no manual proxy address is set';
      if (bypassesProxy(url, undefined))
        return "this computer's own address never goes through a proxy";
      return `set in Preferences${pref.username ? `, as user ${pref.username}` : ''}`;
    }
    if (!envProxyFor(url.protocol, this.env)) return 'the environment names no proxy';
    if (!this.routeFor(serverUrl)) {
      return bypassesProxy(url, envNoProxy(this.env))
        ? "NO_PROXY (or this computer's own address) exempts this server"
        : "the environment's proxy address cannot be used";
    }
    return 'from the environment (HTTPS_PROXY / HTTP_PROXY)';
  }

  state(): ProxyState {
    const environment = {
      https: shown(envProxyFor('https:', this.env)),
      http: shown(envProxyFor('http:', this.env)),
      noProxy: envNoProxy(this.env),
    };
    return {
      preference: this.prefs.proxy(),
      passwordSet: Boolean(this.#password),
      environment: Object.fromEntries(
        Object.entries(environment).filter(([, v]) => v !== undefined),
      ) as ProxyState['environment'],
    };
  }

  /**
   * Saves a new choice. `password`: a new one, null to forget the kept one, undefined to
   * keep it. The keychain is written first: a saved choice without its password would fail.
   */
  async set(
    change: ProxyPreference & { password?: string | null | undefined },
  ): Promise<ProxyState> {
    let { url, username } = change;
    let password = change.password;
    if (change.mode === 'manual' || url) {
      try {
        const parsed = parseProxyUrl(url);
        url = parsed.url;
        if (parsed.username) username = parsed.username;
        if (parsed.password) password = parsed.password;
      } catch (err) {
        if (change.mode === 'manual') {
          throw new CoreError((err as Error).message, { apiCode: 'BAD_PROXY' });
        }
      }
    }
    if (password === null || (password === undefined && !username)) {
      await this.secrets.delete(PROXY_PASSWORD_KEY).catch(() => false);
      this.#password = undefined;
    } else if (password !== undefined) {
      await this.secrets.set(PROXY_PASSWORD_KEY, password);
      this.#password = password;
    }
    await this.prefs.setProxy({ mode: change.mode, url, username });
    return this.state();
  }
}

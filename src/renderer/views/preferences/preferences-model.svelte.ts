/**
 * The Preferences page's saves through the Core: this computer's preferences (`prefs.set`)
 * and the proxy (`proxy.get`, `proxy.set`), each with whether a save is on its way and what
 * became of the last one. PreferencesView.svelte and ProxySettings.svelte keep the markup and
 * the form's fields; tests/unit drive this with a recording Core.
 */
import type { Preferences, Result } from '../../../contract/contract.ts';
import { RpcError } from '../../../contract/errors.ts';
import { errorText } from '../../lib/errors.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';

export type ProxyState = Result<'proxy.get'>;
export type ProxyMode = ProxyState['preference']['mode'];
export type ProxyForm = {
  mode: ProxyMode;
  url: string;
  username: string;
  /** Typed only; empty keeps the password the keychain holds. */
  password: string;
  /** Forget the kept password. */
  forget: boolean;
};

export class ProxyModel {
  readonly #rpc: RpcPort;
  /** The saved setting and what the environment names, as the Core last said. */
  current = $state.raw<ProxyState | undefined>();
  saving = $state(false);
  error = $state<string | undefined>();
  saved = $state(false);

  constructor(rpc: RpcPort) {
    this.#rpc = rpc;
  }

  async load(): Promise<ProxyState | undefined> {
    try {
      return (this.current = await this.#rpc.invoke('proxy.get', {}));
    } catch (err) {
      this.error = errorText(err);
      return undefined;
    }
  }

  /** Saves the form; what the Core now holds, or undefined when it refused (see `error`). */
  async save(form: ProxyForm): Promise<ProxyState | undefined> {
    const { mode, url, username, password, forget } = form;
    this.saving = true;
    this.error = undefined;
    this.saved = false;
    try {
      this.current = await this.#rpc.invoke('proxy.set', {
        mode,
        url,
        username,
        ...(forget || !username ? { password: null } : password ? { password } : {}),
      });
      this.saved = true;
      return this.current;
    } catch (err) {
      this.error = errorText(err);
      return undefined;
    } finally {
      this.saving = false;
    }
  }
}

export class PreferencesModel {
  readonly #rpc: RpcPort;
  readonly proxy: ProxyModel;
  saving = $state(false);
  error = $state<string | undefined>();
  saved = $state(false);

  constructor(rpc: RpcPort) {
    this.#rpc = rpc;
    this.proxy = new ProxyModel(rpc);
  }

  /** Saves a change; the preferences the Core now holds, or undefined when it refused. */
  async change(patch: Partial<Preferences>): Promise<Preferences | undefined> {
    this.saving = true;
    this.error = undefined;
    this.saved = false;
    try {
      const prefs = await this.#rpc.invoke('prefs.set', patch);
      this.saved = true;
      return prefs;
    } catch (err) {
      this.error = err instanceof RpcError ? err.message : String(err);
      return undefined;
    } finally {
      this.saving = false;
    }
  }
}

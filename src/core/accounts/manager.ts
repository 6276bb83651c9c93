/**
 * Signing in, out and back in. The manager verifies credentials with an authenticated call
 * before anything is stored, puts the key in the SecretStore and everything else in the
 * registry, and reports each account to the rest of the Core without its key.
 */
import { ApiClient } from '../../api/client.ts';
import { fetchApiKey, jwtFetchApiKey } from '../../api/routes/auth.ts';
import { getServerSettings } from '../../api/routes/server.ts';
import { getOwnUser } from '../../api/routes/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { CoreError } from '../errors.ts';
import { newAccountId, sameIdentity, type Account, type Attention } from './account.ts';
import { decodeCredential, encodeCredential } from './credential.ts';
import type { AccountRegistry } from './registry.ts';
import {
  KeychainUnavailableError,
  type SecretStorageKind,
  type SecretStore,
} from './secret-store.ts';
import { MemorySecretStore } from './memory-secret-store.ts';
import type { AccountSummary } from '../../contract/contract.ts';
import { toSummary } from './summary.ts';
import { checkServerUrl } from './server-url.ts';
import { ClientCache } from './client-cache.ts';
import { KeyMemo } from './key-memo.ts';
import { signInError } from './sign-in-errors.ts';
import { parseRcFile } from './zuliprc.ts';
import type { ServerProbe } from './probe.ts';
import { toProbe } from './probe.ts';
import type { ConnectionOptions, ProxyRoute } from '../../api/connection.ts';
import type { AccountTrust } from '../../contract/schemas/certificate-review.ts';
import {
  certificateSignInError,
  confirmedTrust,
  inspectServer,
  toReview,
} from './certificate-check.ts';

/** A probe with the certificate trust the user confirmed for it, if any (Core-side only). */
type Probed = ServerProbe & { trust?: AccountTrust | undefined };

/** What an ApiClient needs to verify the server an account is on. */
function connectionOf(trust: AccountTrust | undefined): ConnectionOptions {
  return trust ? { trust: { certificates: trust.certificates, pinned: trust.pinned } } : {};
}

export interface AccountManagerOptions {
  registry: AccountRegistry;
  /** Where real accounts' keys live. */
  secrets: SecretStore;
  clock: Clock;
  /** Builds API clients; tests and the demo pass the same factory the app uses. */
  newClient?: (options: {
    realmUrl: string;
    email?: string;
    apiKey?: string;
    clock: Clock;
    featureLevel?: number;
    connection?: ConnectionOptions;
  }) => ApiClient;
  /** Called after any change to the set of accounts or their state. */
  onChange?: (accounts: Account[]) => void;
  /** Called once an account is signed in and stored, to start watching it. */
  onSignedIn?: (account: Account) => void | Promise<void>;
  /** Called before an account is forgotten, to release its queue and caches. */
  onSigningOut?: (account: Account) => void | Promise<void>;
  /** The proxy to reach a server through (preferences or environment); direct when absent. */
  proxyFor?: (serverUrl: string) => ProxyRoute | undefined;
}

export interface Credentials {
  serverUrl: string;
  email: string;
  apiKey: string;
  allowInsecure?: boolean | undefined;
  demo?: boolean | undefined;
  /** SHA-256 fingerprint of a certificate the user compared and chose to trust. */
  trustCertificate?: string | undefined;
}

export class AccountManager {
  private readonly opts: AccountManagerOptions;
  private readonly clients = new ClientCache();
  private readonly keys = new KeyMemo();
  /** The demo organization's keys are throwaway: they never need (or wait on) a keychain. */
  private readonly demoSecrets = new MemorySecretStore();

  constructor(options: AccountManagerOptions) {
    this.opts = options;
  }

  list(): Account[] {
    return this.opts.registry.list();
  }

  /**
   * The user's own name from the account's state (restored from its encrypted copy, or from
   * the server), for accounts whose name accounts.json does not keep (registry.ts).
   */
  nameOf: (accountId: string) => string | undefined = () => undefined;

  /** The renderer's view of an account, with where its key is kept. */
  summary(account: Account): AccountSummary {
    const named = account.fullName
      ? account
      : { ...account, fullName: this.nameOf(account.id) ?? '' };
    return toSummary(named, this.keyStorage(account));
  }

  /** Where this account's key is kept, to show with the account. */
  keyStorage(account: Pick<Account, 'demo'>): SecretStorageKind {
    return this.secretsOf(account).kind;
  }

  private secretsOf(account: Pick<Account, 'demo'>): SecretStore {
    return account.demo ? this.demoSecrets : this.opts.secrets;
  }

  /** An authenticated client for a stored account, reading its key from the SecretStore. */
  async clientFor(id: string): Promise<{ account: Account; client: ApiClient }> {
    const account = this.opts.registry.get(id);
    if (!account) throw new CoreError('That account is not signed in.');
    const secrets = this.secretsOf(account);
    const stored = await this.keys.get(id, () => secrets.get(id));
    const { apiKey, email } = this.keys.decoded(id, stored ?? '');
    if (email && email !== account.email) {
      account.email = email;
      this.opts.registry.remember(id, { email });
      this.changed();
    }
    if (!apiKey) {
      await this.markAttention(
        id,
        'KEY_MISSING',
        secrets.kind === 'memory'
          ? 'Its key was kept in memory only, so it was forgotten when Perch last quit.'
          : 'The key for this account is no longer in the keychain.',
      );
      throw new CoreError('Sign in to this account again.', { apiCode: 'KEY_MISSING' });
    }
    if (account.attention?.code === 'CERTIFICATE_CHANGED') {
      // Nothing goes to a server whose certificate is not the one the user trusted.
      throw new CoreError(account.attention.message, { apiCode: 'CERTIFICATE_CHANGED' });
    }
    const identity = `${account.serverUrl}\n${account.email}\n${apiKey}\n${account.trust?.fingerprint ?? ''}`;
    const client = this.clients.get(id, identity, () =>
      this.client(account.serverUrl, account.email, apiKey, account.featureLevel, account.trust),
    );
    return { account, client };
  }

  /**
   * Each account's email, from its secret store entry (accounts.json keeps none): read once
   * after a start, so the views name the account before its queue needs its key.
   */
  async restoreEmails(): Promise<void> {
    await Promise.all(
      this.opts.registry
        .list()
        .filter((a) => !a.email)
        .map(async (a) => {
          const stored = await this.keys
            .get(a.id, () => this.secretsOf(a).get(a.id))
            .catch(() => undefined);
          const email = stored && decodeCredential(stored).email;
          if (email) this.opts.registry.remember(a.id, { email });
        }),
    );
    this.changed();
  }

  /**
   * Step 1 of every sign-in: what is at this address? `trustCertificate` is the fingerprint
   * of a certificate the user confirmed after a certificate error.
   */
  async probe(
    input: string,
    allowInsecure = false,
    signal?: AbortSignal,
    trustCertificate?: string,
  ): Promise<ServerProbe> {
    // The trusted PEM stays in the Core: the renderer only ever sees fingerprints.
    const { trust: _trust, ...probe } = await this.probeServer(
      input,
      allowInsecure,
      signal,
      trustCertificate,
    );
    return probe;
  }

  private async probeServer(
    input: string,
    allowInsecure = false,
    signal?: AbortSignal,
    trustCertificate?: string,
  ): Promise<Probed> {
    const checked = checkServerUrl(input, allowInsecure);
    if (!checked.ok) {
      const apiCode = checked.insecureRefused ? 'INSECURE_URL' : 'BAD_URL';
      throw new CoreError(checked.reason, { apiCode });
    }
    const trust = trustCertificate
      ? await confirmedTrust(
          checked.url,
          trustCertificate,
          this.opts.clock.now(),
          this.opts.proxyFor?.(checked.url),
        )
      : undefined;
    try {
      const client = this.client(checked.url, undefined, undefined, undefined, trust);
      const { data } = await getServerSettings(client, signal);
      return { ...toProbe(checked.url, checked.insecure, data), ...(trust ? { trust } : {}) };
    } catch (err) {
      throw (
        (await certificateSignInError(
          err,
          checked.url,
          this.opts.clock.now(),
          this.opts.proxyFor?.(checked.url),
        )) ?? signInError(err, checked.url, { schemeAssumed: checked.schemeAssumed })
      );
    }
  }

  /** Email and API key, checked with GET /users/me before anything is stored. */
  async signInWithKey(creds: Credentials): Promise<Account> {
    const probe = await this.probeServer(
      creds.serverUrl,
      creds.allowInsecure,
      undefined,
      creds.trustCertificate,
    );
    return this.verifyAndStore(probe, creds.email.trim(), creds.apiKey.trim(), creds.demo);
  }

  /** A zuliprc-style file: `[api]` with email, key and site. */
  async importRcFile(
    contents: string,
    allowInsecure = false,
    trustCertificate?: string,
  ): Promise<Account> {
    let rc;
    try {
      rc = parseRcFile(contents);
    } catch (err) {
      throw new CoreError((err as Error).message, { apiCode: 'BAD_FILE' });
    }
    return this.signInWithKey({
      serverUrl: rc.site,
      email: rc.email,
      apiKey: rc.key,
      allowInsecure,
      trustCertificate,
    });
  }

  /** Spec 4.10: trades a signed web token for a key. */
  async signInWithToken(
    serverUrl: string,
    token: string,
    allowInsecure = false,
    trustCertificate?: string,
  ): Promise<Account> {
    const probe = await this.probeServer(serverUrl, allowInsecure, undefined, trustCertificate);
    let exchanged;
    try {
      exchanged = (
        await jwtFetchApiKey(this.trustedClient(probe), {
          token: token.trim(),
          include_profile: true,
        })
      ).data;
    } catch (err) {
      throw signInError(err, probe.url);
    }
    return this.verifyAndStore(probe, exchanged.email, exchanged.api_key);
  }

  /** Email (or username) and password through POST /fetch_api_key. */
  async signInWithPassword(
    serverUrl: string,
    username: string,
    password: string,
    allowInsecure = false,
    trustCertificate?: string,
  ): Promise<Account> {
    const probe = await this.probeServer(serverUrl, allowInsecure, undefined, trustCertificate);
    if (!probe.methods.password) {
      throw new CoreError(`${probe.realmName} does not offer password sign-in.`, {
        apiCode: 'NO_PASSWORD_AUTH',
      });
    }
    let exchanged;
    try {
      exchanged = (
        await fetchApiKey(this.trustedClient(probe), { username: username.trim(), password })
      ).data;
    } catch (err) {
      throw signInError(err, probe.url);
    }
    return this.verifyAndStore(probe, exchanged.email, exchanged.api_key);
  }

  /** Removes the key from the keychain and forgets the account (its queue is released first). */
  async signOut(id: string): Promise<boolean> {
    const account = this.opts.registry.get(id);
    if (!account) return false;
    // The key goes first: if the keychain cannot be reached, nothing else has changed and the
    // account carries on, rather than being left stopped but still listed.
    try {
      await this.secretsOf(account).delete(id);
    } catch (err) {
      if (!(err instanceof KeychainUnavailableError)) throw err;
      throw new CoreError(
        `Perch could not remove this account's key from the OS keychain, which is not available right now, ` +
          `so the account is still signed in. Start your desktop session's keyring (for example gnome-keyring) and sign out again.`,
        { apiCode: 'NO_KEYCHAIN', details: { cause: err.message } },
      );
    }
    this.keys.drop(id);
    await this.opts.onSigningOut?.(account);
    await this.clients.drop(id);
    await this.opts.registry.remove(id);
    this.changed();
    return true;
  }

  /** Credential health: the server rejected this account's key or the account itself. */
  async markAttention(id: string, code: Attention['code'], message: string): Promise<void> {
    if (!this.opts.registry.get(id)) return;
    // A refused or missing key is read again from the keychain once the user acts on it.
    this.keys.drop(id);
    await this.opts.registry.update(id, {
      attention: { code, message, since: this.opts.clock.now() },
    });
    this.changed();
  }

  /**
   * The server presented a certificate other than the trusted one: the account stops until
   * the user reviews what it presents now (read here, to show its fingerprint and details).
   */
  async certificateChanged(id: string): Promise<void> {
    const account = this.opts.registry.get(id);
    if (!account?.trust || account.attention?.code === 'CERTIFICATE_CHANGED') return;
    await this.clients.drop(id);
    const report = await inspectServer(
      account.serverUrl,
      this.opts.clock.now(),
      this.opts.proxyFor?.(account.serverUrl),
    ).catch(() => undefined);
    const host = new URL(account.serverUrl).host;
    await this.opts.registry.update(id, {
      attention: {
        code: 'CERTIFICATE_CHANGED',
        message: `The security certificate of ${host} changed. Perch stopped using this account until you compare the new certificate's fingerprint and trust it, or sign out.`,
        since: this.opts.clock.now(),
        certificate: {
          trusted: account.trust.fingerprint,
          ...(report ? { presented: toReview(report) } : {}),
        },
      },
    });
    this.changed();
  }

  /**
   * The user compared the fingerprint of the certificate a server now presents and trusts
   * it: it replaces the old one and the account starts again.
   */
  async trustNewCertificate(id: string, fingerprint: string): Promise<Account> {
    const account = this.opts.registry.get(id);
    if (!account) throw new CoreError('That account is not signed in.');
    const trust = await confirmedTrust(
      account.serverUrl,
      fingerprint,
      this.opts.clock.now(),
      this.opts.proxyFor?.(account.serverUrl),
    );
    await this.clients.drop(id);
    const { attention: _attention, trust: _old, ...rest } = account;
    const updated: Account = { ...rest, ...(trust ? { trust } : {}) };
    await this.opts.registry.put(updated);
    this.changed();
    await this.opts.onSignedIn?.(updated);
    return updated;
  }

  /**
   * Demo accounts point at a server that ends with the run that started it; forget them
   * (and their keys) when a run starts or ends.
   */
  async forgetDemoAccounts(): Promise<void> {
    for (const account of this.opts.registry.list().filter((a) => a.demo)) {
      await this.signOut(account.id);
    }
  }

  private async verifyAndStore(
    probe: Probed,
    email: string,
    apiKey: string,
    demo?: boolean,
  ): Promise<Account> {
    const client = this.client(probe.url, email, apiKey, undefined, probe.trust);
    let me;
    try {
      me = (await getOwnUser(client)).data;
    } catch (err) {
      throw signInError(err, probe.url);
    }
    // The same person on the same server signs in to the account they already have.
    const known = this.opts.registry
      .list()
      .find(
        (a) => !a.demo === !demo && sameIdentity(a, { serverUrl: probe.url, userId: me.user_id }),
      );
    const id = known?.id ?? newAccountId();
    const account: Account = {
      id,
      serverUrl: probe.url,
      email: me.email,
      userId: me.user_id,
      fullName: me.full_name,
      role: me.role,
      realmName: probe.realmName,
      ...(probe.realmIcon ? { realmIcon: probe.realmIcon } : {}),
      featureLevel: probe.featureLevel,
      addedAt: known?.addedAt ?? this.opts.clock.now(),
      ...(demo ? { demo: true } : {}),
      ...(probe.trust ? { trust: probe.trust } : {}),
    };
    // The key goes to the keychain first: a registry entry without its key would be a
    // half-applied sign-in.
    const secrets = this.secretsOf(account);
    const credential = encodeCredential(me.email, apiKey);
    try {
      await secrets.set(id, credential);
    } catch (err) {
      this.keys.drop(id);
      throw signInError(err, probe.url);
    }
    try {
      await this.opts.registry.put(account);
    } catch (err) {
      this.keys.drop(id);
      if (!known) await secrets.delete(id).catch(() => undefined);
      throw err;
    }
    this.keys.set(id, credential);
    this.changed();
    await this.opts.onSignedIn?.(account);
    return account;
  }

  /** Closes every account's client (the Core is quitting). */
  close(): Promise<void> {
    return this.clients.closeAll();
  }

  /** How this account's server is reached: its trusted certificates and the proxy. */
  connectionFor(account: Account): ConnectionOptions {
    return { ...connectionOf(account.trust), proxy: this.opts.proxyFor?.(account.serverUrl) };
  }

  /** The proxy setting changed: every account's client goes through the new route. */
  reroute(): void {
    for (const client of this.clients.all()) client.reroute(this.opts.proxyFor?.(client.realmUrl));
  }

  private client(
    realmUrl: string,
    email?: string,
    apiKey?: string,
    featureLevel?: number,
    trust?: AccountTrust,
  ): ApiClient {
    const options = {
      realmUrl,
      clock: this.opts.clock,
      connection: { ...connectionOf(trust), proxy: this.opts.proxyFor?.(realmUrl) },
      ...(email ? { email } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(featureLevel !== undefined ? { featureLevel } : {}),
    };
    return this.opts.newClient ? this.opts.newClient(options) : new ApiClient(options);
  }

  /** An unauthenticated client that trusts what the user confirmed for this probe. */
  private trustedClient(probe: Probed): ApiClient {
    return this.client(probe.url, undefined, undefined, undefined, probe.trust);
  }

  private changed(): void {
    this.opts.onChange?.(this.list());
  }
}

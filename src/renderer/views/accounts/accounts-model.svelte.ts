/**
 * The Accounts page's requests to the Core: the list's actions (the demo organization, sign
 * out, trusting a changed certificate) with each account's queue health, and the sign-in
 * form's look-up and sign-in with what a refusal means for the form (the connection check,
 * plain http, a certificate to review). AccountsView.svelte and SignIn.svelte keep the markup
 * and the typed fields; tests/unit drive these with a recording Core.
 */
import type { AccountSummary, Result, ServerProbe } from '../../../contract/contract.ts';
import type { CertificateReview } from '../../../contract/schemas/certificate-review.ts';
import { RpcError } from '../../../contract/errors.ts';
import { errorText } from '../../lib/errors.ts';
import type { RpcPort } from '../../lib/rpc-port.ts';
import { REACH_ERRORS } from '../doctor/connection-problem.ts';
import type { RunDoctor } from '../doctor/DoctorTarget.ts';

export class AccountsModel {
  readonly #rpc: RpcPort;
  busy = $state(false);
  error = $state<string | undefined>();
  /** Each account's queue health: a failing one offers the connection check. */
  statuses = $state.raw<Result<'sync.status'>>([]);

  constructor(rpc: RpcPort) {
    this.#rpc = rpc;
  }

  /** Follows the queues' health while the page shows; returns the stop. */
  start(): () => void {
    const off = this.#rpc.on('sync.status', (s) => (this.statuses = s));
    this.#rpc.invoke('sync.status', {}).then(
      (s) => (this.statuses = s),
      () => undefined,
    );
    return off;
  }

  healthOf(accountId: string) {
    return this.statuses.find((s) => s.accountId === accountId)?.health;
  }

  async #act(op: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    this.error = undefined;
    try {
      await op();
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
    }
  }

  tryDemo(): Promise<void> {
    return this.#act(() => this.#rpc.invoke('accounts.startDemo', {}));
  }

  signOut(accountId: string): Promise<void> {
    return this.#act(() => this.#rpc.invoke('accounts.signOut', { accountId }));
  }

  /** Trusts the certificate an account's server now presents; a refusal rejects. */
  async trustNewCertificate(accountId: string, fingerprint: string): Promise<void> {
    await this.#rpc.invoke('accounts.trustNewCertificate', { accountId, fingerprint });
  }

  /** The connection check offered beside a failing account or an unreachable address. */
  readonly runDoctor: RunDoctor = (target) => this.#rpc.invoke('doctor.run', target);

  /** The sign-in form's requests, fresh for each time the form opens. */
  signIn(): SignInModel {
    return new SignInModel(this.#rpc);
  }
}

export type Method = 'key' | 'password' | 'token';
export type Credentials = {
  serverUrl: string;
  email: string;
  apiKey: string;
  password: string;
  token: string;
};

export class SignInModel {
  readonly #rpc: RpcPort;
  busy = $state(false);
  error = $state<string | undefined>();
  /** The technical cause under the advice (a keychain's own message), if the Core gave one. */
  errorDetail = $state<string | undefined>();
  /** The server could not be reached: the connection check is offered under the error. */
  unreachable = $state(false);
  /** The server's address is plain http and was refused: the form offers it anyway. */
  insecureRefused = $state(false);
  probe = $state.raw<ServerProbe | undefined>();
  signedIn = $state.raw<AccountSummary | undefined>();
  /** The certificate the server presented when it did not verify, to review and maybe trust. */
  certificate = $state.raw<CertificateReview | undefined>();
  /** The fingerprint the user compared and confirmed; sent with every sign-in call. */
  trustCertificate = $state<string | undefined>();

  constructor(rpc: RpcPort) {
    this.#rpc = rpc;
  }

  async #run<T>(op: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    this.error = undefined;
    this.errorDetail = undefined;
    this.unreachable = false;
    try {
      return await op();
    } catch (err) {
      this.error = errorText(err);
      const rpc = err instanceof RpcError ? err : undefined;
      const cause = rpc?.details?.['cause'];
      this.errorDetail = typeof cause === 'string' ? cause : undefined;
      this.unreachable = rpc !== undefined && REACH_ERRORS.has(rpc.apiCode ?? '');
      if (rpc?.apiCode === 'INSECURE_URL') this.insecureRefused = true;
      const review = rpc?.details?.['certificate'];
      if (rpc?.apiCode === 'CERTIFICATE' && review) {
        this.certificate = review as CertificateReview;
        this.trustCertificate = undefined;
      }
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  /** Shows an error of the form's own (a file too large to be a zuliprc). */
  refuse(error: string): void {
    this.error = error;
    this.errorDetail = undefined;
  }

  /** Looks the server up; a new look-up asks about the certificate afresh. */
  lookUp(url: string, allowInsecure: boolean): Promise<void> {
    // A confirmation is for one address.
    this.trustCertificate = undefined;
    return this.#probe(url, allowInsecure);
  }

  /** The user compared the fingerprint: look the server up again, trusting that certificate. */
  trust(fingerprint: string, url: string, allowInsecure: boolean): Promise<void> {
    this.trustCertificate = fingerprint;
    return this.#probe(url, allowInsecure);
  }

  async #probe(url: string, allowInsecure: boolean): Promise<void> {
    this.probe = undefined;
    this.certificate = undefined;
    const { trustCertificate } = this;
    const found = await this.#run(() =>
      this.#rpc.invoke('accounts.probe', { url, allowInsecure, trustCertificate }),
    );
    if (found) {
      this.probe = found;
      this.insecureRefused = false;
    }
  }

  /** A zuliprc names its own server, so it signs in straight away. */
  async importRcFile(contents: string, allowInsecure: boolean): Promise<void> {
    const { trustCertificate } = this;
    const account = await this.#run(() =>
      this.#rpc.invoke('accounts.importRcFile', {
        contents,
        allowInsecure: allowInsecure || undefined,
        trustCertificate,
      }),
    );
    if (account) this.signedIn = account;
  }

  async signIn(method: Method, c: Credentials, allowInsecure: boolean): Promise<void> {
    const insecure = allowInsecure || undefined;
    const { trustCertificate } = this;
    const rpc = this.#rpc;
    const account = await this.#run(() => {
      switch (method) {
        case 'key':
          return rpc.invoke('accounts.signInWithKey', {
            serverUrl: c.serverUrl,
            email: c.email,
            apiKey: c.apiKey,
            allowInsecure: insecure,
            trustCertificate,
          });
        case 'password':
          return rpc.invoke('accounts.signInWithPassword', {
            serverUrl: c.serverUrl,
            username: c.email,
            password: c.password,
            allowInsecure: insecure,
            trustCertificate,
          });
        case 'token':
          return rpc.invoke('accounts.signInWithToken', {
            serverUrl: c.serverUrl,
            token: c.token,
            allowInsecure: insecure,
            trustCertificate,
          });
      }
    });
    if (account) this.signedIn = account;
  }
}

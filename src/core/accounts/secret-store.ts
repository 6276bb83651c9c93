import type * as KeytarModule from 'keytar';
import { KEYCHAIN_BINDING_MISSING } from '../../lib/keychain-binding-text.ts';

/**
 * Where API keys live: the OS keychain (macOS Keychain, Windows Credential Manager,
 * libsecret), one entry per account under the service name `perch`. Nothing else in Perch
 * stores a key; plaintext is never a fallback.
 */
export interface SecretStore {
  /** What backs the store, shown to the user with each account. */
  readonly kind: SecretStorageKind;
  get(accountId: string): Promise<string | undefined>;
  set(accountId: string, secret: string): Promise<void>;
  delete(accountId: string): Promise<boolean>;
}

/** The OS keychain, Electron's safeStorage, or this process's memory (until Perch quits). */
export type SecretStorageKind = 'keychain' | 'safeStorage' | 'memory';

export const KEYCHAIN_SERVICE = 'perch';

type Keytar = typeof KeytarModule;

export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The OS keychain cannot be used: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'KeychainUnavailableError';
  }
}

/**
 * keytar is an optional dependency: where npm could neither download its prebuilt binary nor
 * build it (no libsecret headers), the install goes on without it. That is a problem of this
 * installation with a known remedy, not of the keychain, so it gets an error of its own.
 */
export class KeychainBindingMissingError extends KeychainUnavailableError {
  constructor(cause: unknown) {
    super(cause);
    this.message = `The OS keychain cannot be used: ${KEYCHAIN_BINDING_MISSING}`;
    this.name = 'KeychainBindingMissingError';
  }
}

const importKeytar = (): Promise<unknown> => import('keytar');

/** Loads keytar, which is a native module: a machine without libsecret fails here, not later. */
export async function loadKeytar(load: () => Promise<unknown> = importKeytar): Promise<Keytar> {
  try {
    const mod = (await load()) as Keytar & { default?: Keytar };
    return mod.default ?? mod;
  } catch (err) {
    throw isModuleMissing(err)
      ? new KeychainBindingMissingError(err)
      : new KeychainUnavailableError(err);
  }
}

/** Whether keytar can be loaded here: 'missing' when npm left it out, 'broken' when it fails to load. */
export async function keychainBindingState(
  load?: () => Promise<unknown>,
): Promise<'installed' | 'missing' | 'broken'> {
  try {
    await loadKeytar(load);
    return 'installed';
  } catch (err) {
    return err instanceof KeychainBindingMissingError ? 'missing' : 'broken';
  }
}

/** keytar's package, or its compiled addon inside it, is not there. */
function isModuleMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;

  constructor(
    private readonly keytar: Keytar,
    private readonly service = KEYCHAIN_SERVICE,
  ) {}

  static async open(service = KEYCHAIN_SERVICE): Promise<KeytarSecretStore> {
    return new KeytarSecretStore(await loadKeytar(), service);
  }

  async get(accountId: string): Promise<string | undefined> {
    return (await this.guard(() => this.keytar.getPassword(this.service, accountId))) ?? undefined;
  }

  async set(accountId: string, secret: string): Promise<void> {
    await this.guard(() => this.keytar.setPassword(this.service, accountId, secret));
  }

  async delete(accountId: string): Promise<boolean> {
    return this.guard(() => this.keytar.deletePassword(this.service, accountId));
  }

  /** Keychain errors can quote what was passed in; never let one carry a secret outward. */
  private async guard<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw new KeychainUnavailableError(
        new Error(err instanceof Error ? err.message.split('\n')[0] : 'keychain call failed'),
      );
    }
  }
}

/**
 * Stands in for a keychain that could not be opened, so the Core still starts (the demo
 * keeps its keys in memory): every use fails with the reason, which sign-in turns into
 * advice for the user.
 */
export class UnavailableSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;

  constructor(readonly reason: KeychainUnavailableError) {}

  get(): Promise<string | undefined> {
    return Promise.reject(this.reason);
  }

  set(): Promise<void> {
    return Promise.reject(this.reason);
  }

  delete(): Promise<boolean> {
    return Promise.reject(this.reason);
  }
}

/** The OS keychain, or a store that explains why there is none: never a failed start. */
export async function openKeychainStore(): Promise<SecretStore> {
  try {
    return await KeytarSecretStore.open();
  } catch (err) {
    const reason =
      err instanceof KeychainUnavailableError ? err : new KeychainUnavailableError(err);
    return new UnavailableSecretStore(reason);
  }
}

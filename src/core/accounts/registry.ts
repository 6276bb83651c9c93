import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../../lib/json-file.ts';
import { Account, legacyEmail } from './account.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';

/** On disk the account has neither email nor name; an earlier Perch's file (version 1) had both. */
const StoredAccount = lazySchema(() =>
  Account.extend({
    email: z.string().optional(),
    fullName: z.string().optional(),
  }),
);
const RegistryFile = lazySchema(() =>
  z.object({
    version: z.union([z.literal(1), z.literal(2)]),
    accounts: z.array(StoredAccount),
  }),
);

/**
 * The accounts Perch knows, in `accounts.json` in the data directory. Writes go through a
 * temporary file and a rename, and are serialized, so two quick changes never interleave.
 *
 * The file holds only what is needed before the keychain is read; neither the user's email
 * nor full name is written (docs/architecture.md, "The cache on disk"): both are known in
 * memory from the sign-in, and after a restart the email from the account's secret store
 * entry (credential.ts), the name from the account's own state, restored from its
 * encrypted copy or registered afresh.
 */
export class AccountRegistry {
  private readonly path: string;
  private accounts: Account[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.path = join(dataDir, 'accounts.json');
  }

  async load(): Promise<Account[]> {
    const file = await readJsonFile(this.path, RegistryFile, { version: 2, accounts: [] });
    this.accounts = file.accounts.map((a) => ({
      ...a,
      // An id of an earlier Perch is made of the email (id-migration.ts renames it).
      email: a.email ?? legacyEmail(a.id, a.serverUrl),
      fullName: a.fullName ?? '',
    }));
    return this.list();
  }

  list(): Account[] {
    return this.accounts.map((a) => ({ ...a }));
  }

  get(id: string): Account | undefined {
    const found = this.accounts.find((a) => a.id === id);
    return found && { ...found };
  }

  /** Adds or replaces the account with the same id. */
  async put(account: Account): Promise<void> {
    const checked = Account.parse(account);
    await this.mutate((all) => [...all.filter((a) => a.id !== checked.id), checked]);
  }

  async update(id: string, change: Partial<Omit<Account, 'id'>>): Promise<Account> {
    let updated: Account | undefined;
    await this.mutate((all) =>
      all.map((a) => (a.id === id ? (updated = Account.parse({ ...a, ...change, id })) : a)),
    );
    if (!updated) throw new Error(`No account ${id}`);
    return { ...updated };
  }

  /** What was read from the secret store: known for this run, never written. */
  remember(id: string, known: { email: string }): void {
    this.accounts = this.accounts.map((a) => (a.id === id ? { ...a, ...known } : a));
  }

  /** Puts `account` in the place of the account `oldId`, in one write. */
  async replace(oldId: string, account: Account): Promise<void> {
    const checked = Account.parse(account);
    await this.mutate((all) => all.map((a) => (a.id === oldId ? checked : a)));
  }

  async remove(id: string): Promise<boolean> {
    let removed = false;
    await this.mutate((all) => {
      const next = all.filter((a) => a.id !== id);
      removed = next.length !== all.length;
      return next;
    });
    return removed;
  }

  /**
   * Every write asked for so far, and any asked for meanwhile, on disk (or failed): the Core
   * waits for it as it closes, so no `accounts.json` lands in the data directory after the
   * Core has closed, and a quit does not end the process between a write and its rename.
   */
  async settled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.writing;
      await seen;
    } while (seen !== this.writing);
  }

  /**
   * Applies one change after every earlier one has been written, so two quick changes
   * never start from the same stale list; memory changes only once the file says the same.
   */
  private mutate(change: (current: Account[]) => Account[]): Promise<void> {
    const op = this.writing.then(async () => {
      const next = change(this.accounts);
      const onDisk = next.map(({ email: _email, fullName: _name, ...kept }) => kept);
      await writeJsonFile(this.path, { version: 2, accounts: onDisk });
      this.accounts = next;
    });
    this.writing = op.catch(() => undefined);
    return op;
  }
}

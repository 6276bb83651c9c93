import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../../lib/json-file.ts';
import { Account } from './account.ts';

const RegistryFile = z.object({ version: z.literal(1), accounts: z.array(Account) });

/**
 * The accounts Perch knows, in `accounts.json` in the data directory. Writes go through a
 * temporary file and a rename, and are serialized, so two quick changes never interleave.
 *
 * The file holds only what is needed before the keychain is read; the user's full name is
 * not written (docs/architecture.md, "The cache on disk"): it is known in memory from the
 * sign-in, and after a restart from the account's own state, restored from its encrypted
 * copy or registered afresh.
 */
export class AccountRegistry {
  private readonly path: string;
  private accounts: Account[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.path = join(dataDir, 'accounts.json');
  }

  async load(): Promise<Account[]> {
    const file = await readJsonFile(this.path, RegistryFile, { version: 1, accounts: [] });
    this.accounts = file.accounts;
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
   * Applies one change after every earlier one has been written, so two quick changes
   * never start from the same stale list; memory changes only once the file says the same.
   */
  private mutate(change: (current: Account[]) => Account[]): Promise<void> {
    const op = this.writing.then(async () => {
      const next = change(this.accounts);
      const onDisk = next.map((a) => ({ ...a, fullName: '' }));
      await writeJsonFile(this.path, { version: 1, accounts: onDisk });
      this.accounts = next;
    });
    this.writing = op.catch(() => undefined);
    return op;
  }
}

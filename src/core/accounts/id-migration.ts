/**
 * Accounts of an earlier Perch had ids made of their email and server (`email@origin`), and
 * those ids named their keychain entries, their files and their preferences, so the email
 * could be read in the data directory. Each such account is given a random id once, at
 * start (docs/architecture.md, "The cache on disk"): its key is kept under the new id with
 * its email beside it (credential.ts), its drafts and outbox sealed again under it, its
 * muted conversations moved; its saved copy is dropped (the next registration writes a new
 * one). accounts.json is the point of no return: a crash before it leaves the old account
 * whole, to be moved at the next start.
 */
import type { Preferences } from '../../contract/contract.ts';
import { isLegacyId, newAccountId } from './account.ts';
import { decodeCredential, encodeCredential } from './credential.ts';
import type { AccountRegistry } from './registry.ts';
import type { SecretStore } from './secret-store.ts';

export interface IdMigrationPorts {
  registry: AccountRegistry;
  secrets: SecretStore;
  drafts: { moveAccount(oldId: string, newId: string): Promise<void> };
  /** Deletes the account's saved copy and its key. */
  forgetCache(accountId: string): Promise<void>;
  prefs: {
    get(): Pick<Preferences, 'mutedDms'>;
    update(change: Pick<Preferences, 'mutedDms'>): Promise<unknown>;
  };
}

/** Moves every account of an earlier Perch to a random id; returns how many moved. */
export async function migrateAccountIds(ports: IdMigrationPorts): Promise<number> {
  let moved = 0;
  for (const account of ports.registry.list()) {
    // The demo's accounts are forgotten at start anyway.
    if (account.demo || !isLegacyId(account.id, account.serverUrl)) continue;
    const oldId = account.id;
    let stored: string | undefined;
    try {
      stored = await ports.secrets.get(oldId);
    } catch {
      // The keychain cannot be read now: the account keeps its old id until a start that can.
      continue;
    }
    const newId = newAccountId();
    if (stored !== undefined) {
      await ports.secrets.set(
        newId,
        encodeCredential(account.email, decodeCredential(stored).apiKey),
      );
    }
    await ports.drafts.moveAccount(oldId, newId);
    const muted = ports.prefs.get().mutedDms ?? {};
    const kept = muted[oldId];
    if (kept) {
      const { [oldId]: _old, ...others } = muted;
      await ports.prefs.update({ mutedDms: { ...others, [newId]: kept } });
    }
    await ports.registry.replace(oldId, { ...account, id: newId });
    await ports.forgetCache(oldId).catch(() => undefined);
    await ports.secrets.delete(oldId).catch(() => undefined);
    moved++;
  }
  return moved;
}

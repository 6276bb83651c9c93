import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountRegistry } from '../../../../src/core/accounts/registry.ts';
import {
  isLegacyId,
  newAccountId,
  sameIdentity,
  type Account,
} from '../../../../src/core/accounts/account.ts';

const sample = (email: string, server = 'https://chat.example.org'): Account => ({
  id: newAccountId(),
  serverUrl: server,
  email,
  userId: 7,
  fullName: 'Ada',
  role: 200,
  realmName: 'Example',
  featureLevel: 496,
  addedAt: 1,
});

/** A registry loaded from a data directory of its own, empty. */
async function emptyRegistry() {
  const dir = await mkdtemp(join(tmpdir(), 'perch-reg-'));
  const reg = new AccountRegistry(dir);
  await reg.load();
  return { dir, reg };
}

describe('AccountRegistry', () => {
  it('has every write asked for on disk once settled, with no temporary file left', async () => {
    const { dir, reg } = await emptyRegistry();
    const [ada, bob] = [sample('ada@example.org'), sample('bob@example.org')];
    // Asked for and not awaited, as a Core closing finds them.
    void reg.put(ada);
    void reg.put(bob);
    await reg.settled();
    expect(await readdir(dir)).toEqual(['accounts.json']);
    expect((await new AccountRegistry(dir).load()).map((a) => a.id)).toEqual([ada.id, bob.id]);
  });

  it('keeps accounts across a restart', async () => {
    const { dir, reg } = await emptyRegistry();
    const ada = sample('ada@example.org');
    const bob = sample('bob@example.org');
    await reg.put(ada);
    await reg.put(bob);
    const reopened = new AccountRegistry(dir);
    expect((await reopened.load()).map((a) => [a.id, a.realmName])).toEqual([
      [ada.id, 'Example'],
      [bob.id, 'Example'],
    ]);
  });

  it('shows the user’s name and email in this run but writes neither to accounts.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-reg-'));
    const reg = new AccountRegistry(dir);
    await reg.load();
    await reg.put({ ...sample('ada@example.org'), fullName: 'Ada Lovelace' });
    expect(reg.list()[0]?.fullName).toBe('Ada Lovelace');
    expect(reg.list()[0]?.email).toBe('ada@example.org');
    const onDisk = await readFile(join(dir, 'accounts.json'), 'utf8');
    expect(onDisk).not.toContain('Lovelace');
    expect(onDisk).not.toContain('ada@example.org');
    // After a restart the email is known once the secret store is read (manager.ts).
    expect((await new AccountRegistry(dir).load())[0]?.email).toBe('');
  });

  it('does not lose a change when two are made at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-reg-'));
    const reg = new AccountRegistry(dir);
    await reg.load();
    await Promise.all([
      reg.put(sample('a@example.org')),
      reg.put(sample('b@example.org')),
      reg.put(sample('c@example.org', 'https://other.example.net')),
    ]);
    const onDisk = JSON.parse(await readFile(join(dir, 'accounts.json'), 'utf8'));
    expect(onDisk.accounts).toHaveLength(3);
  });

  it('marks and clears the needs-attention state', async () => {
    const reg = new AccountRegistry(await mkdtemp(join(tmpdir(), 'perch-reg-')));
    await reg.load();
    const a = sample('ada@example.org');
    await reg.put(a);
    await reg.update(a.id, {
      attention: { code: 'INVALID_API_KEY', message: 'The server rejected the key', since: 5 },
    });
    expect(reg.get(a.id)?.attention?.code).toBe('INVALID_API_KEY');
    await reg.update(a.id, { attention: undefined });
    expect(reg.get(a.id)?.attention).toBeUndefined();
  });

  it('removes an account and says whether it existed', async () => {
    const reg = new AccountRegistry(await mkdtemp(join(tmpdir(), 'perch-reg-')));
    await reg.load();
    const ada = sample('ada@example.org');
    await reg.put(ada);
    expect(await reg.remove(ada.id)).toBe(true);
    expect(await reg.remove('nobody')).toBe(false);
    expect(reg.list()).toEqual([]);
  });

  it('reads an earlier Perch’s file, whose ids were made of the email', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-reg-'));
    const old = { ...sample('ada@example.org'), id: 'ada@example.org@https://chat.example.org' };
    await writeFile(join(dir, 'accounts.json'), JSON.stringify({ version: 1, accounts: [old] }));
    const [read] = await new AccountRegistry(dir).load();
    expect(read?.email).toBe('ada@example.org');
    expect(isLegacyId(read!.id, read!.serverUrl)).toBe(true);
    expect(isLegacyId(newAccountId(), read!.serverUrl)).toBe(false);
  });

  it('knows the same person on the same server however the URL is written', () => {
    const ada = { serverUrl: 'https://chat.example.org/', userId: 7 };
    expect(sameIdentity(ada, { serverUrl: 'https://chat.example.org', userId: 7 })).toBe(true);
    expect(sameIdentity(ada, { serverUrl: 'https://chat.example.net', userId: 7 })).toBe(false);
    expect(sameIdentity(ada, { serverUrl: 'https://chat.example.org', userId: 8 })).toBe(false);
  });
});

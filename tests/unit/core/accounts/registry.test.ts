import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountRegistry } from '../../../../src/core/accounts/registry.ts';
import { accountId, type Account } from '../../../../src/core/accounts/account.ts';

const sample = (email: string, server = 'https://chat.example.org'): Account => ({
  id: accountId(server, email),
  serverUrl: server,
  email,
  userId: 7,
  fullName: 'Ada',
  role: 200,
  realmName: 'Example',
  featureLevel: 496,
  addedAt: 1,
});

describe('AccountRegistry', () => {
  it('keeps accounts across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-reg-'));
    const reg = new AccountRegistry(dir);
    await reg.load();
    await reg.put(sample('ada@example.org'));
    await reg.put(sample('bob@example.org'));
    const reopened = new AccountRegistry(dir);
    expect((await reopened.load()).map((a) => a.email)).toEqual([
      'ada@example.org',
      'bob@example.org',
    ]);
  });

  it('shows the user’s name in this run but does not write it to accounts.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'perch-reg-'));
    const reg = new AccountRegistry(dir);
    await reg.load();
    await reg.put({ ...sample('ada@example.org'), fullName: 'Ada Lovelace' });
    expect(reg.list()[0]?.fullName).toBe('Ada Lovelace');
    expect(await readFile(join(dir, 'accounts.json'), 'utf8')).not.toContain('Lovelace');
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
    await reg.put(sample('ada@example.org'));
    expect(await reg.remove(accountId('https://chat.example.org', 'ada@example.org'))).toBe(true);
    expect(await reg.remove('nobody')).toBe(false);
    expect(reg.list()).toEqual([]);
  });

  it('gives the same id for the same identity however the URL is written', () => {
    expect(accountId('https://chat.example.org/', 'ada@x')).toBe(
      accountId('https://chat.example.org', 'ada@x'),
    );
    expect(accountId('https://chat.example.org', 'ada@x')).not.toBe(
      accountId('https://chat.example.net', 'ada@x'),
    );
  });
});

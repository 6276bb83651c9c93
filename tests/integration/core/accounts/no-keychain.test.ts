/**
 * On a machine with no Secret Service, no D-Bus session and no display, the Core starts,
 * the demo signs in (its keys live in memory), and a real sign-in ends in advice instead
 * of a crash. The Core runs in a child process whose environment lacks D-Bus, so keytar
 * meets the same failure a desktop-less machine gives it.
 */
import { describe, expect, it } from 'vitest';
import { runDesktopless } from './run-desktopless.ts';

const script = 'tests/integration/core/accounts/no-keychain-core.ts';

const runWithoutKeychain = (args: string[]) => runDesktopless(script, args);

describe('a machine with no keychain', () => {
  it('starts the Core and signs in to the demo, and a real sign-in says what to do', async () => {
    const { demo, signIn, info } = await runWithoutKeychain([]);
    expect(demo?.ok).toBe(true);
    expect(demo?.result).toEqual([
      expect.objectContaining({ demo: true, role: 100, keyStorage: 'memory' }),
    ]);

    expect(signIn?.ok).toBe(false);
    expect(signIn?.error?.apiCode).toBe('NO_KEYCHAIN');
    expect(signIn?.error?.message).toMatch(/no keychain is available/);
    expect(signIn?.error?.message).toMatch(/gnome-keyring/);
    expect(signIn?.error?.message).toMatch(/PERCH_SECRET_STORE=memory.*--secret-store memory/);
    expect(signIn?.error?.message).toMatch(/until Perch quits/);
    // The technical cause is kept, but apart from the advice.
    expect(String(signIn?.error?.details?.['cause'])).toMatch(/keychain cannot be used/);
    expect(info?.result).toMatchObject({ secretStorage: 'keychain' });
  }, 60_000);

  it('with the memory store chosen, a real account signs in and says its key is in memory', async () => {
    const { signIn, info } = await runWithoutKeychain(['memory']);
    expect(signIn?.ok).toBe(true);
    expect(signIn?.result).toMatchObject({ keyStorage: 'memory' });
    expect(info?.result).toMatchObject({ secretStorage: 'memory' });
  }, 60_000);
});

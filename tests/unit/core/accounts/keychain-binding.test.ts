/**
 * `keytar` is optional, so a Perch installed without it must say that its binding is missing
 * and how to install it, not that "the keychain" failed.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  KeychainBindingMissingError,
  KeychainUnavailableError,
  keychainBindingState,
  loadKeytar,
} from '../../../../src/core/accounts/secret-store.ts';
import { signInError } from '../../../../src/core/accounts/sign-in-errors.ts';

// Node's own errors for a package npm left out, through both ways Perch loads keytar.
const esmMissing = () => import('keytar-left-out-by-npm' as string);
const cjsMissing = async () => createRequire(import.meta.url)('keytar-left-out-by-npm');

describe('loading the keychain binding', () => {
  it.each([
    ['import()', esmMissing],
    ['require()', cjsMissing],
  ])('a package npm left out (%s) is a missing binding, with the remedy', async (_, load) => {
    const err = await loadKeytar(load).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainBindingMissingError);
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect((err as Error).message).toContain('keychain binding (keytar) is not installed');
    expect(await keychainBindingState(load)).toBe('missing');
  });

  it('a binding that is there but fails to load is not called missing', async () => {
    const load = () =>
      Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file'));
    const err = await loadKeytar(load).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeychainUnavailableError);
    expect(err).not.toBeInstanceOf(KeychainBindingMissingError);
    expect(await keychainBindingState(load)).toBe('broken');
  });

  it('sign-in with the binding missing says what to install and the memory alternative', async () => {
    const missing = await loadKeytar(esmMissing).catch((e: unknown) => e);
    const err = signInError(missing, 'https://chat.example.com');
    expect(err.apiCode).toBe('NO_KEYCHAIN_BINDING');
    expect(err.message).toContain('Your credentials are correct');
    expect(err.message).toContain('sudo apt-get install libsecret-1-dev');
    expect(err.message).toContain("run npm install in Perch's folder");
    expect(err.message).toContain('--secret-store memory');
  });
});

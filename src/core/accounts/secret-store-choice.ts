/**
 * Which store keeps real accounts' keys, chosen with `--secret-store` or the environment
 * variable PERCH_SECRET_STORE (the flag wins). Both hosts read it the same way.
 */
export type SecretStoreChoice = 'keychain' | 'memory';

export const SECRET_STORE_ENV = 'PERCH_SECRET_STORE';

export function secretStoreChoice(
  flag: string | undefined,
  env: Record<string, string | undefined>,
): SecretStoreChoice {
  const value = (flag ?? env[SECRET_STORE_ENV] ?? 'keychain').trim().toLowerCase();
  if (value === 'keychain' || value === 'memory') return value;
  const from = flag !== undefined ? '--secret-store' : SECRET_STORE_ENV;
  throw new Error(
    `${from} must be "keychain" (the default: the OS keychain) or "memory" (keys kept only until Perch quits), not "${value}".`,
  );
}

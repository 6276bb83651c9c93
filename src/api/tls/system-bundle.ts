/**
 * The certificates the operating system trusts, as PEM blocks. Linux keeps them in one
 * bundle file (its location differs by distribution); macOS and Windows keep a store that
 * only the runtime can read.
 */
import { readFileSync } from 'node:fs';
import { nodeTls } from '../../lib/builtin.ts';

/** Where distributions keep the system bundle, most common first. */
export const LINUX_BUNDLE_PATHS = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Arch, Gentoo
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem', // Fedora's extracted bundle
  '/etc/ssl/cert.pem', // Alpine
];

export interface SystemBundleSource {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** The file's text, or undefined when it cannot be read. */
  readText: (path: string) => string | undefined;
  /** `tls.getCACertificates('system')` where the runtime has it. */
  osStore: (() => string[]) | undefined;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

export function splitPem(text: string): string[] {
  return text.match(PEM_BLOCK) ?? [];
}

/**
 * The system's trusted certificates. SSL_CERT_FILE names the bundle when set, as it does for
 * OpenSSL and curl; NODE_EXTRA_CA_CERTS is honoured too, since an explicit CA list would
 * otherwise drop what Node adds from it.
 */
export function readSystemCertificates(source: SystemBundleSource): string[] {
  const found: string[] = [];
  const extra = source.env['NODE_EXTRA_CA_CERTS'];
  if (extra) found.push(...splitPem(source.readText(extra) ?? ''));
  const named = source.env['SSL_CERT_FILE'];
  if (named) return [...found, ...splitPem(source.readText(named) ?? '')];
  if (source.platform === 'linux') {
    for (const path of LINUX_BUNDLE_PATHS) {
      const text = source.readText(path);
      if (text) return [...found, ...splitPem(text)];
    }
    return found;
  }
  // macOS and Windows: Node 22.15+ (Electron 45) reads the OS store. Older runtimes (Node 20
  // in tests) have no way to reach the Keychain or CryptoAPI store, so only the bundled
  // list and the files named above are trusted there.
  return [...found, ...(source.osStore?.() ?? [])];
}

function osStoreOfRuntime(): (() => string[]) | undefined {
  const get = (nodeTls() as { getCACertificates?: (type: string) => string[] }).getCACertificates;
  return typeof get === 'function' ? () => get('system') : undefined;
}

export const runtimeSource: SystemBundleSource = {
  platform: process.platform,
  env: process.env,
  readText: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  // Asked for when the certificates are read (the first https connection), not at load.
  get osStore() {
    return osStoreOfRuntime();
  },
};

let cached: string[] | undefined;

/** Read once per process: the bundle is large and changes only with a system update. */
export function systemCertificates(): string[] {
  cached ??= readSystemCertificates(runtimeSource);
  return cached;
}

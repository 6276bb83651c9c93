import { describe, expect, it } from 'vitest';
import {
  LINUX_BUNDLE_PATHS,
  readSystemCertificates,
  splitPem,
  type SystemBundleSource,
} from '../../../../src/api/tls/system-bundle.ts';

const pem = (name: string) => `-----BEGIN CERTIFICATE-----\n${name}\n-----END CERTIFICATE-----`;

function source(files: Record<string, string>, over: Partial<SystemBundleSource> = {}) {
  const read: string[] = [];
  const src: SystemBundleSource = {
    platform: 'linux',
    env: {},
    readText: (path) => {
      read.push(path);
      return files[path];
    },
    osStore: undefined,
    ...over,
  };
  return { src, read };
}

describe('the system certificate bundle', () => {
  it('splits a bundle into its certificates, ignoring comments between them', () => {
    expect(splitPem(`# Root A\n${pem('A')}\n\n# Root B\n${pem('B')}\n`)).toEqual([
      pem('A'),
      pem('B'),
    ]);
  });

  it('reads the first Linux bundle that exists (Fedora here, Debian missing)', () => {
    const { src, read } = source({ '/etc/pki/tls/certs/ca-bundle.crt': pem('F') });
    expect(readSystemCertificates(src)).toEqual([pem('F')]);
    expect(read.slice(0, 2)).toEqual(LINUX_BUNDLE_PATHS.slice(0, 2));
  });

  it("reads Alpine's bundle when it is the only one", () => {
    const { src } = source({ '/etc/ssl/cert.pem': pem('Alp') });
    expect(readSystemCertificates(src)).toEqual([pem('Alp')]);
  });

  it('takes SSL_CERT_FILE instead of the usual paths when it is set', () => {
    const { src, read } = source(
      { '/tmp/corp.pem': pem('Corp'), '/etc/ssl/certs/ca-certificates.crt': pem('Deb') },
      { env: { SSL_CERT_FILE: '/tmp/corp.pem' } },
    );
    expect(readSystemCertificates(src)).toEqual([pem('Corp')]);
    expect(read).toEqual(['/tmp/corp.pem']);
  });

  it('keeps NODE_EXTRA_CA_CERTS, which an explicit CA list would otherwise drop', () => {
    const { src } = source(
      { '/x.pem': pem('Extra'), '/etc/ssl/certs/ca-certificates.crt': pem('Deb') },
      { env: { NODE_EXTRA_CA_CERTS: '/x.pem' } },
    );
    expect(readSystemCertificates(src)).toEqual([pem('Extra'), pem('Deb')]);
  });

  it('on macOS and Windows asks the runtime for the OS store, where it can', () => {
    const mac = source({}, { platform: 'darwin', osStore: () => [pem('Keychain')] });
    expect(readSystemCertificates(mac.src)).toEqual([pem('Keychain')]);
    const oldRuntime = source({}, { platform: 'win32', osStore: undefined });
    expect(readSystemCertificates(oldRuntime.src)).toEqual([]);
  });

  it('finds nothing, without failing, where no bundle can be read', () => {
    expect(readSystemCertificates(source({}).src)).toEqual([]);
  });
});

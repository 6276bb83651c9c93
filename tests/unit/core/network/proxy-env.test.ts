import { describe, expect, it } from 'vitest';
import { envProxyForServer } from '../../../../src/core/network/proxy-env.ts';

const P = 'http://proxy.corp:3128';

describe('the proxy the environment names for a server', () => {
  it('uses HTTPS_PROXY for https and HTTP_PROXY for http; the lowercase name wins', () => {
    const env = { HTTPS_PROXY: P, HTTP_PROXY: 'http://plain:80', https_proxy: 'http://lower:1' };
    expect(envProxyForServer('https://chat.example.com', env)).toBe('http://lower:1');
    expect(envProxyForServer('http://chat.example.com', env)).toBe('http://plain:80');
  });

  it('sends https through HTTP_PROXY when only that is set (as undici does), and ALL_PROXY last', () => {
    expect(envProxyForServer('https://chat.example.com', { HTTP_PROXY: P })).toBe(P);
    expect(envProxyForServer('https://chat.example.com', { ALL_PROXY: P })).toBe(P);
    expect(envProxyForServer('https://chat.example.com', {})).toBeUndefined();
  });

  it.each([
    ['example.com', 'https://example.com', true],
    ['example.com', 'https://chat.example.com', true],
    ['.example.com', 'https://chat.example.com', true],
    ['*.example.com', 'https://chat.example.com', true],
    ['example.com', 'https://notexample.com', false],
    ['example.com', 'https://example.com.evil.org', false],
    ['chat.example.com:8443', 'https://chat.example.com:8443', true],
    ['chat.example.com:8443', 'https://chat.example.com', false],
    ['chat.example.com:443', 'https://chat.example.com', true],
    ['other.org, example.com', 'https://chat.example.com', true],
    ['other.org example.com', 'https://chat.example.com', true],
    ['*', 'https://anything.org', true],
    ['10.0.0.0/8', 'https://10.2.3.4', true],
    ['10.0.0.0/8', 'https://11.2.3.4', false],
    ['2001:db8::1', 'https://[2001:db8::1]', true],
    ['EXAMPLE.COM', 'https://Chat.Example.com', true],
    ['', 'https://chat.example.com', false],
  ])('NO_PROXY=%j for %s: direct %s', (noProxy, server, direct) => {
    const proxy = envProxyForServer(server, { HTTPS_PROXY: P, NO_PROXY: noProxy });
    expect(proxy === undefined).toBe(direct);
  });

  it('reads no_proxy before NO_PROXY', () => {
    const env = { HTTPS_PROXY: P, no_proxy: 'example.com', NO_PROXY: 'other.org' };
    expect(envProxyForServer('https://chat.example.com', env)).toBeUndefined();
    expect(envProxyForServer('https://other.org', env)).toBe(P);
  });

  it('never proxies this machine unless NO_PROXY says <-loopback>', () => {
    for (const server of [
      'http://localhost:9991',
      'http://127.0.0.1:80',
      'http://[::1]:8',
      'http://app.localhost',
    ]) {
      expect(envProxyForServer(server, { HTTP_PROXY: P })).toBeUndefined();
      expect(envProxyForServer(server, { HTTP_PROXY: P, NO_PROXY: '<-loopback>' })).toBe(P);
    }
  });
});

/**
 * Which proxy the environment names for a server, read the way Node's own fetch (undici's
 * EnvHttpProxyAgent) and curl read it, so Perch goes where the user's other tools go:
 *
 * - `https_proxy`/`HTTPS_PROXY` for https servers, `http_proxy`/`HTTP_PROXY` for http ones
 *   (the lowercase name wins); an https server with only an http proxy named uses it, as
 *   undici does, and `all_proxy`/`ALL_PROXY` is the last resort, as in curl.
 * - `no_proxy`/`NO_PROXY`: a comma (or space) list; an entry matches the host itself and
 *   every name under it (`example.com` and `.example.com` and `*.example.com` alike);
 *   `host:port` only for that port; `*` alone turns the proxy off; IPv6 without brackets;
 *   IPv4 ranges in CIDR form (curl 7.86+).
 * - This machine (localhost, *.localhost, 127.0.0.0/8, ::1) is never sent to a proxy, as
 *   in Chromium and Go: a proxy elsewhere cannot reach it. `<-loopback>` in the list (the
 *   Chromium spelling) sends it through the proxy like any other host.
 */
import { nodeNet } from '../../lib/builtin.ts';

export type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

function first(env: Env, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The proxy URL the environment names for this scheme, before NO_PROXY is consulted. */
export function envProxyFor(protocol: string, env: Env): string | undefined {
  const http = first(env, 'http_proxy', 'HTTP_PROXY');
  const https = first(env, 'https_proxy', 'HTTPS_PROXY');
  const all = first(env, 'all_proxy', 'ALL_PROXY');
  return protocol === 'https:' ? (https ?? http ?? all) : (http ?? all);
}

interface NoProxyEntry {
  host: string;
  port: number;
}

function parseEntry(raw: string): NoProxyEntry {
  let entry = raw.toLowerCase();
  let port = 0;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 0) };
  // `::1` has colons but no port; a single colon before digits is a port.
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) {
    entry = withPort[1]!;
    port = Number(withPort[2]);
  }
  return { host: entry.replace(/^\*?\./, ''), port };
}

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inCidr(host: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  const { isIP } = nodeNet();
  if (isIP(host) !== 4 || isIP(base ?? '') !== 4 || !(bits >= 0 && bits <= 32)) return false;
  if (bits === 0) return true;
  const shift = 32 - bits;
  return ipv4ToNumber(host) >>> shift === ipv4ToNumber(base!) >>> shift;
}

function matches(host: string, port: number, entry: NoProxyEntry): boolean {
  if (entry.port && entry.port !== port) return false;
  if (entry.host.includes('/')) return inCidr(host, entry.host);
  return host === entry.host || host.endsWith(`.${entry.host}`);
}

export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    (nodeNet().isIP(host) === 4 && host.startsWith('127.'))
  );
}

/** Whether a request to `url` skips the proxy under this NO_PROXY list. */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  const raw = (noProxy ?? '').split(/[,\s]+/).filter(Boolean);
  if (raw.includes('*')) return true;
  const loopbackProxied = raw.includes('<-loopback>');
  if (isLoopbackHost(host) && !loopbackProxied) return true;
  return raw
    .filter((r) => r !== '<-loopback>')
    .map(parseEntry)
    .some((entry) => matches(host, port, entry));
}

/** NO_PROXY as the environment sets it (the lowercase name wins, as in undici). */
export function envNoProxy(env: Env): string | undefined {
  return env['no_proxy'] ?? env['NO_PROXY'];
}

/** The environment's proxy URL for a server, or undefined to connect directly. */
export function envProxyForServer(serverUrl: string, env: Env): string | undefined {
  const url = new URL(serverUrl);
  const proxy = envProxyFor(url.protocol, env);
  if (!proxy || bypassesProxy(url, envNoProxy(env))) return undefined;
  return proxy;
}

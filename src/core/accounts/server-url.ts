export type ServerUrlCheck =
  | {
      ok: true;
      url: string;
      insecure: boolean;
      /** No scheme was typed: https:// was assumed, and http:// may be what was meant. */
      schemeAssumed: boolean;
    }
  | { ok: false; reason: string; insecureRefused?: true };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Normalizes what a user typed as a server address. Plain http would send the API key in
 * the clear, so it is refused for anything but this machine unless the user insists.
 */
export function checkServerUrl(input: string, allowInsecure = false): ServerUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: 'Enter the address of your organization.' };
  const schemeAssumed = !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  const withScheme = schemeAssumed ? `https://${trimmed}` : trimmed;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: `"${trimmed}" is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `Only https:// addresses are supported, not ${url.protocol}//.` };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'Leave the user name and password out of the address.' };
  }
  const insecure = url.protocol === 'http:' && !isLoopback(url.hostname);
  if (insecure && !allowInsecure) {
    return {
      ok: false,
      reason: `${url.host} uses plain http, which would send your API key unencrypted. Use https, or confirm that you accept the risk.`,
      insecureRefused: true,
    };
  }
  // The API lives under /api/v1 of the organization's root; keep any sub-path it has.
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api(\/v1)?$/, '');
  return { ok: true, url: `${url.origin}${path}`, insecure, schemeAssumed };
}

/**
 * The security decisions of the Electron shell as plain functions, so they are tested under
 * Node without an Electron binary. Nothing here imports 'electron'.
 */

/**
 * The renderer's policy. Styles allow 'unsafe-inline' because Svelte writes static
 * style="…" attributes into the HTML of its templates, which a stricter style-src blocks;
 * scripts stay 'self' only. Images may come over https: avatars and previews in (sanitized)
 * message content are hosted by the chat server. The renderer talks to the Core over IPC,
 * so connect-src needs nothing beyond 'self'.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The URL to hand to the OS browser, or null when it is not plain http(s). */
export function externalUrl(raw: string): string | null {
  const url = parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return url.href;
}

export interface NavigationDecision {
  /** The window itself never navigates away from the renderer. */
  allow: false;
  /** Set when the target is a web link the user can be shown in their own browser. */
  openExternally: string | null;
}

/** What to do when the renderer tries to navigate or open a window to `target`. */
export function decideNavigation(target: string): NavigationDecision {
  return { allow: false, openExternally: externalUrl(target) };
}

/**
 * Whether an IPC message comes from the app's own page: the same file, whatever the hash
 * or query says. Anything else (a frame that navigated, an iframe, a destroyed frame) is
 * refused before the Core sees the call.
 */
export function isAppPage(senderUrl: string | undefined, appUrl: string): boolean {
  if (!senderUrl) return false;
  const sender = parse(senderUrl);
  const app = parse(appUrl);
  if (!sender || !app) return false;
  const path = decodedPath(sender);
  return (
    path !== null &&
    sender.protocol === app.protocol &&
    sender.host === app.host &&
    path === decodedPath(app)
  );
}

/** Chromium and Node escape file paths differently (`~`, `!`, non-ASCII), so compare them decoded. */
function decodedPath(url: URL): string | null {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
}

/** Web permissions the renderer may use; every other request is denied. */
export function isPermissionAllowed(permission: string): boolean {
  return permission === 'notifications';
}

/** Sets the policy on a response's headers, replacing whatever policy it carried. */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}

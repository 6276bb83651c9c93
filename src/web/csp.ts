/**
 * The renderer's Content-Security-Policy in browser mode. Scripts and styles only from the
 * host itself; the WebSocket only back to the host; images also from https because message
 * content (sanitized) may show server-hosted avatars and previews.
 */
export function contentSecurityPolicy(origin: string): string {
  const ws = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http://127.0.0.1:*",
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

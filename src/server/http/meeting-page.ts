/**
 * GET /call/<id>: the page a video call made on this server opens when the server is its
 * own provider (`videoProvider: 'local'`, the demo's default). It stands in for a real
 * meeting room: one self-contained page, no script, nothing fetched from anywhere.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import { isLocalProvider } from '../features.ts';

// The create route draws 16 hex digits; anything else is not one of its calls.
const CALL_PATH = /^\/call\/([0-9a-f]{16})$/;

/** Answers the request and returns true when it is for a meeting page; false leaves it alone. */
export function serveMeetingPage(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const id = CALL_PATH.exec((req.url ?? '').split('?')[0] ?? '')?.[1];
  if (!id || !isLocalProvider(ctx.state, ctx.baseUrl)) return false;
  const html = page(id, ctx.state.realm.name);
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(html)),
    // Inline style only: the page can load nothing from anywhere.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : html);
  return true;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(id: string, realmName: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Video call ${id}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid;
    place-items: center; background: #f4f5f7; color: #1d2026; }
  main { max-width: 36rem; margin: 24px; padding: 28px 32px; border-radius: 12px;
    background: #fff; border: 1px solid #d6d9df; }
  h1 { font-size: 1.4rem; margin: 0 0 12px; overflow-wrap: anywhere; }
  p { margin: 0 0 10px; }
  .muted { color: #59606b; font-size: 0.9rem; }
  @media (prefers-color-scheme: dark) {
    body { background: #16181d; color: #e6e8eb; }
    main { background: #20232a; border-color: #3a3f48; }
    .muted { color: #a6adb8; }
  }
</style>
</head>
<body>
<main>
<h1>Video call ${id}</h1>
<p>This is the demo server's stand-in meeting room for ${escape(realmName)}.</p>
<p class="muted">A real organization's video call provider would hold the meeting here.
Everyone who opens this link sees this same page.</p>
</main>
</body>
</html>
`;
}

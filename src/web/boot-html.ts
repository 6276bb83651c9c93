/**
 * Writes the first screen's state (`app.boot`) into the page the host serves, as JSON in a
 * `<script type="application/json">`, which no browser runs (so the page's CSP is unchanged):
 * the renderer paints from it before its WebSocket has answered (src/renderer/lib/boot.ts).
 */
import type { Core } from '../core/core.ts';

/** Must match src/renderer/lib/boot.ts. */
const BOOT_ELEMENT_ID = 'perch-boot';

/**
 * JSON safe inside a script element: `<` as its escape, so no text in it (an account's name
 * holding `</script>` or `<!--`) can end the element or change how it is parsed
 * (HTML Living Standard, "Restrictions for contents of script elements").
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page with the boot state before `</head>`; as it was if the Core cannot answer. */
export async function withBoot(core: Core, html: Buffer): Promise<Buffer> {
  const boot = await core.invoke('app.boot', {});
  if (!boot.ok) return html;
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  if (at < 0) return html;
  const script = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot.result)}</script>`;
  return Buffer.from(text.slice(0, at) + script + text.slice(at), 'utf8');
}

/**
 * The first screen's state as the web host wrote it into the page (`app.boot`, in a
 * `<script type="application/json" id="perch-boot">`), so the window paints where the reader
 * left it before its WebSocket has answered anything (docs/architecture.md "No window").
 * Electron's page has none: the App asks `app.boot` over IPC instead.
 */
import type { AppBoot } from '../../contract/contract.ts';

export const BOOT_ELEMENT_ID = 'perch-boot';

/** The state in the page, once; undefined where there is none or it cannot be read. */
export function takeBoot(): AppBoot | undefined {
  const el = document.getElementById(BOOT_ELEMENT_ID);
  if (!el) return undefined;
  el.remove();
  try {
    return JSON.parse(el.textContent ?? '') as AppBoot;
  } catch {
    return undefined;
  }
}

import type { PerchBridge } from '../contract/bridge-types.ts';

declare global {
  interface Window {
    perch?: PerchBridge;
  }
  // Vite's build-time flags (https://vite.dev/guide/env-and-mode): the one the renderer reads.
  interface ImportMeta {
    readonly env: { readonly PROD: boolean };
  }
}
export {};

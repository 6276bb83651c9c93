import type { PerchBridge } from '../contract/bridge-types.ts';

declare global {
  interface Window {
    perch?: PerchBridge;
  }
}
export {};

import type { PerchBridge } from '../core/rpc/bridge-types.ts';

declare global {
  interface Window {
    perch?: PerchBridge;
  }
}
export {};

// From the Core's own module, not bridge.ts: controllers that show errors run without a window.
import { RpcError } from '../../contract/errors.ts';

/** The message to show for a failed call: the Core's words, or the argument it refused. */
export function errorText(err: unknown): string {
  if (err instanceof RpcError) {
    if (err.code === 'INVALID_ARGS' && err.issues?.length) {
      return err.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    }
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

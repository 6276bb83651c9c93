/**
 * One full collection of V8's heap, asked for when much that was live has just become
 * garbage at once. V8 collects its old generation when the heap outgrows a limit set from
 * what was live at the last collection: after a start from the cache on disk that limit was
 * set while the saved copies were live, so once the server's registrations replace them
 * their memory would stay taken until V8's memory reducer notices the process is idle
 * (docs/architecture.md, "The cache on disk").
 *
 * V8 gives gc() only to a context made while --expose-gc is set: the flag is set just for
 * making one (as jest's leak detector does) and cleared again, so no code of the app's or
 * its libraries' sees a gc() it did not have.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => unknown;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collect = typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    collect = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Asks V8 for a full collection, run as a task of its own rather than in this turn. */
export function collectGarbageSoon(): void {
  try {
    collector()?.({ type: 'major', execution: 'async' });
  } catch {
    // Only ever memory given back sooner: a V8 without it collects when it would have.
  }
}

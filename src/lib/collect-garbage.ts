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

type Collect = () => unknown;

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

/**
 * A full collection that also compacts the old generation, in a turn of its own: what is
 * left live is spread over pages the garbage shared, and only moving it gives those pages
 * back (V8 compacts few pages in a collection of its own choosing). It holds the thread for
 * the whole collection (about 0.1 s of CPU for five accounts' 50 MB heap, bench/README.md,
 * `cache-start`), so it is asked for once, at a quiet time.
 */
export function collectGarbageSoon(): void {
  setImmediate(() => {
    const gc = collector();
    if (!gc) return;
    try {
      setFlagsFromString('--compact-on-every-full-gc');
      gc();
    } catch {
      // Only ever memory given back sooner: a V8 without it collects when it would have.
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  });
}

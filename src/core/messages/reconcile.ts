/**
 * A write whose answer never came back (docs/architecture.md "Writes"). A connection that broke
 * off after the request left may have let the server apply it: calling that "not changed"
 * invites a retry against a change already made, and calling it done may be wrong. So the Core
 * reads the state back and reports what the server holds. A failure the user must act on says
 * so in words; the raw network error goes only to the details.
 */
import { NetworkError } from '../../api/errors.ts';
import { CoreError } from '../errors.ts';

/** The request may have reached the server: anything but a connection that never opened. */
export function mayHaveApplied(err: NetworkError): boolean {
  if (err.kind === 'refused' || err.kind === 'dns' || err.kind === 'tls') return false;
  return err.kind !== 'proxy' || err.proxy?.reason === 'dropped';
}

/** The server could not be reached: the request never left, so nothing changed. */
export class Unreached extends CoreError {
  constructor(cause: Error) {
    super(
      'The server could not be reached, so nothing changed. Try again when the connection is back.',
      { details: { cause: cause.message } },
    );
  }
}

/**
 * The connection broke off and the read-back failed too: nobody can tell yet whether the
 * server made the change. The pending-actions keeper asks again once the server answers and
 * settles it then (`actions.settled`).
 */
export class Unsettled extends CoreError {
  constructor(cause: Error) {
    super(
      'The connection broke off, and Perch could not check whether the server made the change. Look again when the connection is back, and try again if it is not there.',
      { details: { cause: cause.message } },
    );
  }
}

function failed(message: string, cause: Error): CoreError {
  return new CoreError(message, { details: { cause: cause.message } });
}

/**
 * Runs `write`; after a network failure, asks `holds` whether the server has the state the
 * write was for. Resolves when it has (whether or not this attempt did it); rejects with a
 * sentence when it has not, or when nobody can tell. A server's refusal is passed on as is,
 * and so is the network's error, with `queued`, unless the read-back finds the change made.
 */
export async function reconciled(
  write: () => Promise<unknown>,
  holds: () => Promise<boolean>,
  options: { queued?: boolean } = {},
): Promise<void> {
  try {
    await write();
    return;
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    // A write that is safe to send again (a mark-read up to a message) and that the caller
    // queues takes the network's error whenever the server is not known to hold it.
    if (options.queued) {
      if (mayHaveApplied(err) && (await holds().catch(() => false))) return;
      throw err;
    }
    if (!mayHaveApplied(err)) throw new Unreached(err);
    let held: boolean;
    try {
      held = await holds();
    } catch {
      throw new Unsettled(err);
    }
    if (held) return;
    throw failed('The connection broke off before the server took the change. Try again.', err);
  }
}

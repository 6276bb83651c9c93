/**
 * A Core for the admin console's models under plain Node: the recording port every screen
 * model's tests use (support/recording-port.ts), with the console a panel builds on it.
 */
import { RpcError } from '../../../../src/contract/errors.ts';
import { AdminConsole } from '../../../../src/renderer/views/admin/admin-console.ts';
import { RecordingPort } from '../support/recording-port.ts';

export const ACCOUNT = 'acct-1';

export class RecordingAdminCore extends RecordingPort {
  /** The console a panel builds for the test's account. */
  console(accountId = ACCOUNT): AdminConsole {
    return new AdminConsole(this, () => accountId);
  }
}

/** The server's refusal, as the Core hands it on. */
export function refusal(message: string, apiCode = 'BAD_REQUEST', details?: object): RpcError {
  return new RpcError({
    code: 'FAILED',
    message,
    apiCode,
    ...(details ? { details: details as Record<string, unknown> } : {}),
  });
}

import {
  ApiError,
  InvalidApiKeyError,
  MalformedResponseError,
  NetworkError,
  RealmDeactivatedError,
  ServerError,
  UserDeactivatedError,
} from '../../api/errors.ts';
import { RpcError } from '../rpc/errors.ts';

/**
 * What a user sees when signing in fails: a sentence about their situation, not a stack
 * trace. The server's own code travels along as `apiCode` so the screen can offer the right
 * next step.
 */
export function signInError(err: unknown, server: string): RpcError {
  const host = (() => {
    try {
      return new URL(server).host;
    } catch {
      return server;
    }
  })();
  const fail = (message: string, apiCode?: string) =>
    new RpcError({ code: 'FAILED', message, ...(apiCode ? { apiCode } : {}) });

  if (err instanceof RpcError) return err;
  if (err instanceof InvalidApiKeyError) {
    return fail(
      `${host} did not accept these credentials. Check the email and key, or sign in again.`,
      err.code,
    );
  }
  if (err instanceof UserDeactivatedError) {
    return fail(
      `This account on ${host} has been deactivated. An administrator can reactivate it.`,
      err.code,
    );
  }
  if (err instanceof RealmDeactivatedError) {
    return fail(`The organization at ${host} has been deactivated.`, err.code);
  }
  if (err instanceof ApiError) {
    return fail(`${host} refused: ${err.msg || err.code}`, err.code);
  }
  if (err instanceof NetworkError) {
    const why: Record<NetworkError['kind'], string> = {
      refused: 'nothing is listening at that address',
      reset: 'the connection was dropped',
      timeout: 'it did not answer in time',
      tls: 'its security certificate could not be verified',
      dns: 'that name does not exist',
      other: 'the network failed',
    };
    return fail(`Could not reach ${host}: ${why[err.kind]}.`, 'NETWORK');
  }
  if (err instanceof ServerError || err instanceof MalformedResponseError) {
    return fail(
      `${host} did not answer like a chat server (${err.message.replace(/^[^:]*: /, '')}).`,
      'NOT_A_SERVER',
    );
  }
  return fail(err instanceof Error ? err.message : String(err));
}

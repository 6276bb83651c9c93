import {
  ApiError,
  InvalidApiKeyError,
  MalformedResponseError,
  NetworkError,
  RealmDeactivatedError,
  ServerError,
  UserDeactivatedError,
} from '../../api/errors.ts';
import { describeProxyProblem } from '../../api/network.ts';
import { CoreError } from '../errors.ts';
import {
  KEYCHAIN_BINDING_MISSING,
  KEYCHAIN_BINDING_REMEDY,
} from '../../lib/keychain-binding-text.ts';
import { KeychainBindingMissingError, KeychainUnavailableError } from './secret-store.ts';
import { SECRET_STORE_ENV } from './secret-store-choice.ts';

/**
 * What a user sees when signing in fails: a sentence about their situation, not a stack
 * trace. The server's own code travels along as `apiCode` so the screen can offer the right
 * next step.
 */
export function signInError(
  err: unknown,
  server: string,
  typed: { schemeAssumed?: boolean } = {},
): CoreError {
  const host = (() => {
    try {
      return new URL(server).host;
    } catch {
      return server;
    }
  })();
  const fail = (message: string, apiCode?: string) =>
    new CoreError(message, apiCode ? { apiCode } : {});

  if (err instanceof CoreError) return err;
  if (err instanceof KeychainBindingMissingError) {
    return new CoreError(
      `Your credentials are correct, but Perch has nowhere safe to keep the key. ${KEYCHAIN_BINDING_MISSING} ${KEYCHAIN_BINDING_REMEDY} ` +
        `Or restart Perch with ${SECRET_STORE_ENV}=memory (or --secret-store memory) to keep keys in memory only, until Perch quits.`,
      { apiCode: 'NO_KEYCHAIN_BINDING' },
    );
  }
  if (err instanceof KeychainUnavailableError) {
    // The cause is technical (a D-Bus message): a detail under advice the user can act on.
    return new CoreError(
      `Your credentials are correct, but Perch has nowhere safe to keep the key: no keychain is available on this computer. ` +
        `Start your desktop session's keyring (for example gnome-keyring) and sign in again, ` +
        `or restart Perch with ${SECRET_STORE_ENV}=memory (or --secret-store memory) to keep keys in memory only, until Perch quits.`,
      { apiCode: 'NO_KEYCHAIN', details: { cause: err.message } },
    );
  }
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
  if (err instanceof NetworkError && err.proxy) {
    return fail(`Could not reach ${host}. ${describeProxyProblem(err.proxy)}`, 'PROXY');
  }
  if (err instanceof NetworkError) {
    const why: Record<NetworkError['kind'], string> = {
      refused: 'nothing is listening at that address',
      reset: 'the connection was dropped',
      timeout: 'it did not answer in time',
      tls: 'its security certificate could not be verified',
      dns: 'that name does not exist',
      proxy: 'the proxy failed',
      other: 'the network failed',
    };
    if (typed.schemeAssumed) return fail(assumedHttpsFailed(server, host, err.kind), 'NETWORK');
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

/**
 * No scheme was typed, so https was tried. A TLS failure there is most often a plain-http
 * server (a local one), not a bad certificate: say what was tried and offer http://.
 */
function assumedHttpsFailed(server: string, host: string, kind: NetworkError['kind']): string {
  const tried = server.replace(/\/+$/, '');
  const plain = tried.replace(/^https:/, 'http:');
  if (kind === 'tls') {
    return (
      `Perch tried ${tried} and could not set up a secure (https) connection there. ` +
      `If this server uses plain http, enter ${plain} instead.`
    );
  }
  return `Could not reach ${host} at ${tried} (https was assumed, as no http:// or https:// was typed).`;
}

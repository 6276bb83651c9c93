/**
 * `npm run server -- --port N --demo [--live] [--feature-level N] [--host H]
 *   [--video-provider none|local] [--push-device yes|no] [--push-test-error CODE]
 *   [--tls-key key.pem --tls-cert cert.pem]`
 * Prints one JSON line `{"url", "users": [...]}` first, then serves until interrupted.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PUSH_TEST_ERRORS, VIDEO_PROVIDER_OPTIONS } from './features.ts';
import { startServer } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    demo: { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    'feature-level': { type: 'string' },
    seed: { type: 'string' },
    'video-provider': { type: 'string' },
    'push-device': { type: 'string' },
    'push-test-error': { type: 'string' },
    'tls-key': { type: 'string' },
    'tls-cert': { type: 'string' },
  },
});

function intArg(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) {
    process.stderr.write(`--${name} must be a non-negative integer\n`);
    process.exit(2);
  }
  return Number(text);
}

/** The value if it is one of `allowed`; otherwise says which values are and exits. */
function oneOf<T extends string>(name: string, text: string | undefined, allowed: readonly T[]) {
  if (text === undefined || (allowed as readonly string[]).includes(text))
    return text as T | undefined;
  process.stderr.write(`--${name} must be one of ${allowed.join(', ')}, not "${text}"\n`);
  process.exit(2);
}

/** Both PEM files read, or neither given; one without the other is a mistake worth saying. */
function tlsArgs(keyPath: string | undefined, certPath: string | undefined) {
  if (keyPath === undefined && certPath === undefined) return undefined;
  if (keyPath === undefined || certPath === undefined) {
    process.stderr.write('--tls-key and --tls-cert go together: give both PEM files\n');
    process.exit(2);
  }
  try {
    return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
  } catch (err) {
    process.stderr.write(`Could not read the TLS files: ${(err as Error).message}\n`);
    process.exit(2);
  }
}

const seed = intArg('seed', values.seed);
const tls = tlsArgs(values['tls-key'], values['tls-cert']);
const pushDevice = oneOf('push-device', values['push-device'], ['yes', 'no'] as const);
const server = await startServer({
  host: values.host,
  port: intArg('port', values.port) ?? 0,
  featureLevel: intArg('feature-level', values['feature-level']),
  demo: values.demo ? (seed === undefined ? true : { seed }) : false,
  live: values.live,
  videoProvider: oneOf('video-provider', values['video-provider'], VIDEO_PROVIDER_OPTIONS),
  pushDevice: pushDevice === undefined ? undefined : pushDevice === 'yes',
  pushTestError: oneOf('push-test-error', values['push-test-error'], PUSH_TEST_ERRORS),
  ...(tls ? { tls } : {}),
});

process.stdout.write(
  JSON.stringify({
    url: server.url,
    users: server.users.map((u) => ({
      email: u.email,
      api_key: u.api_key,
      role: u.role,
      full_name: u.full_name,
    })),
  }) + '\n',
);

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

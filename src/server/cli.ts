/**
 * `npm run -s server -- [options]`: the reference server alone. Prints one JSON line first
 * (URL, JWT key, every user with key, password and a ready JWT), then the same for people,
 * then serves until interrupted.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseCommandLine, usageError } from '../lib/command-line.ts';
import { PUSH_TEST_ERRORS, VIDEO_PROVIDER_OPTIONS } from './features.ts';
import { signHs256 } from './http/jwt-sign.ts';
import { startServer } from './index.ts';
import { credentialsReport, printedUsers } from './cli-report.ts';

const command = {
  command: 'npm run -s server --',
  summary:
    'The reference server: the whole API in memory, on plain HTTP unless given TLS files.\n' +
    "Its first output line is JSON with the URL, the JWT key and every user's API key,\n" +
    'password and a signed web token; a readable list of the same follows.',
  options: {
    port: { type: 'string', default: '0', value: 'N', help: 'port to listen on (0: any free one)' },
    host: { type: 'string', default: '127.0.0.1', value: 'HOST', help: 'address to listen on' },
    demo: {
      type: 'boolean',
      default: false,
      help: 'the demo organization (people, channels, history)',
    },
    live: {
      type: 'boolean',
      default: false,
      help: 'with --demo: others keep posting every few seconds',
    },
    seed: {
      type: 'string',
      value: 'N',
      help: 'with --demo: the seed its organization is drawn from',
    },
    'feature-level': { type: 'string', value: 'N', help: 'the API feature level to serve' },
    'video-provider': {
      type: 'string',
      value: VIDEO_PROVIDER_OPTIONS.join('|'),
      help: 'video calls: served locally (the demo default) or none',
    },
    'push-device': { type: 'string', value: 'yes|no', help: 'whether the owner has a push device' },
    'push-test-error': {
      type: 'string',
      value: 'CODE',
      help: 'make the push test fail with this error',
    },
    'jwt-key': {
      type: 'string',
      value: 'KEY',
      help: 'the key JSON web tokens are signed with (default: a new random one)',
    },
    'tls-key': { type: 'string', value: 'FILE', help: 'serve HTTPS with this PEM private key' },
    'tls-cert': { type: 'string', value: 'FILE', help: 'and this PEM certificate chain' },
  },
  epilog: `Push test errors: ${PUSH_TEST_ERRORS.join(', ')}.`,
} as const;
const values = parseCommandLine(command);

function intArg(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) usageError(command, `--${name} must be a non-negative integer`);
  return Number(text);
}

/** The value if it is one of `allowed`; otherwise says which values are and exits. */
function oneOf<T extends string>(name: string, text: string | undefined, allowed: readonly T[]) {
  if (text === undefined || (allowed as readonly string[]).includes(text))
    return text as T | undefined;
  usageError(command, `--${name} must be one of ${allowed.join(', ')}, not "${text}"`);
}

/** Both PEM files read, or neither given; one without the other is a mistake worth saying. */
function tlsArgs(keyPath: string | undefined, certPath: string | undefined) {
  if (keyPath === undefined && certPath === undefined) return undefined;
  if (keyPath === undefined || certPath === undefined)
    usageError(command, '--tls-key and --tls-cert go together: give both PEM files');
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
// A fixed key would let any process on this machine sign in as anyone here.
const jwtKey = values['jwt-key'] ?? randomBytes(24).toString('base64url');
const server = await startServer({
  host: values.host,
  port: intArg('port', values.port) ?? 0,
  featureLevel: intArg('feature-level', values['feature-level']),
  demo: values.demo ? (seed === undefined ? true : { seed }) : false,
  live: values.live,
  videoProvider: oneOf('video-provider', values['video-provider'], VIDEO_PROVIDER_OPTIONS),
  pushDevice: pushDevice === undefined ? undefined : pushDevice === 'yes',
  pushTestError: oneOf('push-test-error', values['push-test-error'], PUSH_TEST_ERRORS),
  jwtKey,
  ...(tls ? { tls } : {}),
});

// Tokens last a day: long enough to try the sign-in, short enough not to matter afterwards.
const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
const users = printedUsers(
  server.users,
  (email) => server.state.userByEmail(email)?.password,
  (email) => signHs256({ email, exp: expires }, jwtKey),
);
process.stdout.write(JSON.stringify({ url: server.url, jwt_key: jwtKey, users }) + '\n');
process.stdout.write(credentialsReport(server.url, jwtKey, users));

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * `npm run server -- --port N --demo [--live] [--feature-level N] [--host H]`
 * Prints one JSON line `{"url", "users": [...]}` first, then serves until interrupted.
 */
import { parseArgs } from 'node:util';
import { startServer } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    demo: { type: 'boolean', default: false },
    live: { type: 'boolean', default: false },
    'feature-level': { type: 'string' },
    seed: { type: 'string' },
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

const seed = intArg('seed', values.seed);
const server = await startServer({
  host: values.host,
  port: intArg('port', values.port) ?? 0,
  featureLevel: intArg('feature-level', values['feature-level']),
  demo: values.demo ? (seed === undefined ? true : { seed }) : false,
  live: values.live,
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

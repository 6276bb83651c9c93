import { parseArgs } from 'node:util';
import { BotConfigError } from './config-error.ts';
import { DEFAULT_HOST, DEFAULT_PORT, startBotServer } from './server.ts';

const USAGE = `Usage: npm run botserver -- --config bots.ini [--host ${DEFAULT_HOST}] [--port ${DEFAULT_PORT}]

Serves the outgoing-webhook bots of an INI file, one [section] per bot with
email, key, site, token and handler (echo, help, or a module path relative to the file).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    fail(`--port must be a number from 0 to 65535, not "${text}"`);
  return port;
}

async function main(): Promise<void> {
  let values: { config?: string; host?: string; port?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        config: { type: 'string', short: 'c' },
        host: { type: 'string' },
        port: { type: 'string', short: 'p' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.config) fail(`--config is required.\n\n${USAGE}`);

  const server = await startBotServer({
    configPath: values.config,
    host: values.host ?? DEFAULT_HOST,
    port: parsePort(values.port),
  }).catch((err: unknown) => {
    if (err instanceof BotConfigError) fail(err.message);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`The address is already in use; choose another --host or --port.`);
    throw err;
  });
  const names = server.bots.map((bot) => `${bot.name} <${bot.email}> (${bot.handler})`);
  process.stdout.write(`Bot server listening on ${server.url}\nServing: ${names.join(', ')}\n`);

  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();

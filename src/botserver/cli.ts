import { parseCommandLine, usageError } from '../lib/command-line.ts';
import { BotConfigError } from './config-error.ts';
import { DEFAULT_HOST, DEFAULT_PORT, startBotServer } from './server.ts';

const command = {
  command: 'npm run botserver --',
  summary:
    'Serves the outgoing-webhook bots of an INI file, one [section] per bot with\n' +
    'email, key, site, token and handler (echo, help, or a module path relative to the file).',
  options: {
    config: { type: 'string', short: 'c', value: 'FILE', help: 'the bots INI file (required)' },
    host: { type: 'string', default: DEFAULT_HOST, value: 'HOST', help: 'address to listen on' },
    port: {
      type: 'string',
      short: 'p',
      value: 'N',
      help: `port to listen on (default: ${DEFAULT_PORT})`,
    },
  },
} as const;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    usageError(command, `--port must be a number from 0 to 65535, not "${text}"`);
  return port;
}

async function main(): Promise<void> {
  const values = parseCommandLine(command);
  if (!values.config) usageError(command, '--config is required: the INI file that lists the bots');

  const server = await startBotServer({
    configPath: values.config,
    host: values.host,
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

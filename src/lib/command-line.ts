/**
 * One way for every command-line entry point to read its options: `--help` prints what it
 * takes and exits 0; a mistyped option prints one line that names it and points at `--help`,
 * and exits 2. Node's own parse errors would otherwise end the process with a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  default?: string | boolean;
  /** What the value stands for in the help text (`--port N`). */
  value?: string;
  /** One line on what the option does. */
  help: string;
}

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  /** How the user runs it, as the help hint names it (`npm run web --`). */
  command: string;
  /** What the command does, shown first in `--help`. */
  summary: string;
  options: O;
  /** Lines after the options (examples, notes). */
  epilog?: string;
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K]['type'] extends 'boolean'
    ? O[K]['default'] extends boolean
      ? boolean
      : boolean | undefined
    : O[K]['default'] extends string
      ? string
      : string | undefined;
};

/** Where the outcome goes; the real process unless a test passes its own. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  exit(code: number): never;
}

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
};

export function helpText<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): string {
  const rows = Object.entries({ ...spec.options, help: helpOption }).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const fallback =
      o.type === 'string' && o.default !== undefined ? ` (default: ${o.default})` : '';
    return [flag, `${o.help}${fallback}`] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  const lines = rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`);
  return [
    `Usage: ${spec.command} [options]`,
    '',
    spec.summary,
    '',
    'Options:',
    ...lines,
    ...(spec.epilog ? ['', spec.epilog] : []),
    '',
  ].join('\n');
}

const helpOption: OptionSpec = { type: 'boolean', short: 'h', help: 'show this help and exit' };

/** The options' values, or the process ends: 0 after `--help`, 2 after a mistake. */
export function parseCommandLine<O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  args: readonly string[] = process.argv.slice(2),
  io: CommandIo = processIo,
): Values<O> {
  const options: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
    Object.entries({ ...spec.options, help: helpOption }).map(([name, o]) => [
      name,
      {
        type: o.type,
        ...(o.short ? { short: o.short } : {}),
        ...(o.default !== undefined ? { default: o.default } : {}),
      },
    ]),
  );
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }));
  } catch (err) {
    return usageError(spec, mistake(err), io);
  }
  if (values.help) {
    io.out(helpText(spec));
    return io.exit(0);
  }
  return values as Values<O>;
}

/** Ends the process over a value the parser accepted but the command cannot use. */
export function usageError(
  spec: Pick<CommandSpec<Record<string, OptionSpec>>, 'command'>,
  message: string,
  io: CommandIo = processIo,
): never {
  io.err(`${message}. Try '${spec.command} --help' for the options.\n`);
  return io.exit(2);
}

/** Node's message, cut to what the user typed wrong. */
function mistake(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const named = /'(-[^']*)'/.exec(e.message ?? '')?.[1];
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option '${named ?? '?'}'`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      // Node names it as `-c, --config <value>`: the long form is what the help lists.
      return `Option '${/--[\w-]+/.exec(named ?? '')?.[0] ?? named ?? '?'}' ${/argument missing/.test(e.message ?? '') ? 'needs a value' : 'takes no value'}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument '${/'([^']*)'/.exec(e.message ?? '')?.[1] ?? '?'}'`;
    default:
      return (e.message ?? String(err)).split('\n')[0]!.replace(/\.$/, '');
  }
}

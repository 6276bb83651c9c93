import { describe, expect, it } from 'vitest';
import { helpText, parseCommandLine, type CommandIo } from '../../../src/lib/command-line.ts';

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function io() {
  const seen = { out: '', err: '' };
  const sink: CommandIo = {
    out: (t) => void (seen.out += t),
    err: (t) => void (seen.err += t),
    exit: (code) => {
      throw new Exit(code);
    },
  };
  return { seen, sink };
}

const spec = {
  command: 'perch-test',
  summary: 'A command for tests.',
  options: {
    demo: { type: 'boolean', default: false, help: 'the demo' },
    port: { type: 'string', default: '0', value: 'N', help: 'the port' },
    config: { type: 'string', short: 'c', value: 'FILE', help: 'the file' },
  },
} as const;

describe('parseCommandLine', () => {
  it('returns typed values with defaults', () => {
    const { sink } = io();
    expect(parseCommandLine(spec, ['--demo', '-c', 'x.ini'], sink)).toEqual({
      demo: true,
      port: '0',
      config: 'x.ini',
    });
  });

  it.each([
    [['--demo=yes'], "Option '--demo' takes no value"],
    [['-c'], "Option '--config' needs a value"],
    [['stray'], "Unexpected argument 'stray'"],
    [['-z'], "Unknown option '-z'"],
  ])('%j is one line with the hint and exit 2', (args, line) => {
    const { seen, sink } = io();
    expect(() => parseCommandLine(spec, args, sink)).toThrow(new Exit(2));
    expect(seen.err).toBe(`${line}. Try 'perch-test --help' for the options.\n`);
  });

  it('-h prints the help with defaults and exits 0', () => {
    const { seen, sink } = io();
    expect(() => parseCommandLine(spec, ['-h'], sink)).toThrow(new Exit(0));
    expect(seen.out).toBe(helpText(spec));
    expect(seen.out).toContain('--port N');
    expect(seen.out).toContain('the port (default: 0)');
    expect(seen.out).toContain('-c, --config FILE');
  });
});

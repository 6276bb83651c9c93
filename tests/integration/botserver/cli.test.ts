import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnTree, stopTree } from '../../e2e/support/process-tree.ts';
import { mentionBody, postWebhook } from './webhook-client.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcess[] = [];

/** Runs the CLI exactly as `npm run botserver --` does, minus npm. */
function runCli(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawnTree(process.execPath, ['--import', 'tsx', 'src/botserver/cli.ts', ...args], {
    cwd: root,
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

async function listeningUrl(child: ChildProcess, output: () => string): Promise<string> {
  for (;;) {
    const match = /listening on (http:\S+)/.exec(output());
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) throw new Error(`CLI exited early:\n${output()}`);
    await once(child.stdout ?? child, 'data');
  }
}

afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopTree(child)));
});

describe('npm run botserver', () => {
  it('serves the bots of --config on --port, logs each request, and stops on SIGTERM', async () => {
    const cli = runCli(['--config', 'tests/fixtures/bots/two-bots.ini', '--port', '0']);
    const url = await listeningUrl(cli.child, cli.output);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(cli.output()).toContain('echo <echo-bot@perch.example> (echo)');

    const reply = await postWebhook(
      url,
      mentionBody('echo-bot@perch.example', 'echo-token-secret', 'hi'),
    );
    expect(reply).toEqual({ status: 200, json: { content: 'hi' } });
    while (!cli.output().includes('POST / 200')) await once(cli.child.stdout ?? cli.child, 'data');
    expect(cli.output()).not.toContain('echo-token-secret');

    cli.child.kill('SIGTERM');
    expect(await exitOf(cli.child)).toBe(0);
  });

  it('refuses to start on an invalid configuration, listing every problem without secrets', async () => {
    const cli = runCli(['--config', 'tests/fixtures/bots/invalid.ini']);
    expect(await exitOf(cli.child)).toBe(1);
    const output = cli.output();
    expect(output).toContain('[twin] is missing "token"');
    expect(output).toContain('[weather] and [twin] both use email "weather-bot@perch.example"');
    // The documentation promises every problem at once, handlers included.
    expect(output).toContain('[weather] unknown handler "weather"');
    expect(output).not.toContain('must-not-leak');
  });

  it('reports a repeated section, a missing setting and an unknown handler in one run', async () => {
    const cli = runCli(['--config', 'tests/fixtures/bots/several-problems.ini']);
    expect(await exitOf(cli.child)).toBe(1);
    const output = cli.output();
    expect(output).toContain('[echo] appears more than once; each bot needs its own name');
    expect(output).toContain('[lonely] is missing "site"');
    expect(output).toContain('[weather] unknown handler "weather"');
    expect(output).not.toContain('must-not-leak');
  });

  it('reports an unknown handler alone when the settings themselves are valid', async () => {
    const cli = runCli(['--config', 'tests/fixtures/bots/unknown-handler.ini']);
    expect(await exitOf(cli.child)).toBe(1);
    expect(cli.output()).toContain('[weather] unknown handler "weather"');
    expect(cli.output()).not.toContain('must-not-leak');
  });

  it('explains its usage when --config is missing or the port is not a number', async () => {
    const noConfig = runCli([]);
    expect(await exitOf(noConfig.child)).toBe(2);
    expect(noConfig.output()).toContain('--config is required');
    expect(noConfig.output()).toContain("Try 'npm run botserver -- --help'");
    const badPort = runCli(['--config', 'tests/fixtures/bots/two-bots.ini', '--port', 'http']);
    expect(await exitOf(badPort.child)).toBe(2);
    expect(badPort.output()).toContain('--port must be a number from 0 to 65535, not "http"');
  });
});

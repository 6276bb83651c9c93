/** The command line's switches for the demo's video provider and push device. */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { stopTree } from '../../e2e/support/process-tree.ts';
import { firstLine, ownerAuth, spawnServerCli } from './cli-server.ts';

const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopTree(child)));
});

interface Running {
  url: string;
  /** An authenticated POST as the owner. */
  post(path: string): Promise<Record<string, unknown>>;
}

function spawnCli(args: string[]): ChildProcess {
  const child = spawnServerCli(args);
  children.push(child);
  return child;
}

async function serve(args: string[]): Promise<Running> {
  const { url, users } = await firstLine(spawnCli(['--port', '0', ...args]));
  const auth = ownerAuth(users);
  return {
    url,
    post: async (path) =>
      (await (
        await fetch(`${url}/api/v1${path}`, { method: 'POST', headers: { Authorization: auth } })
      ).json()) as Record<string, unknown>,
  };
}

async function refusal(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawnCli(args);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('npm run server: video provider and push device switches', () => {
  it('--demo alone: the push test succeeds and a new call opens a page the server serves', async () => {
    const demo = await serve(['--demo']);
    expect(await demo.post('/mobile_push/e2ee/test_notification')).toMatchObject({
      result: 'success',
    });
    const { url } = await demo.post('/calls/videoprovider/create');
    expect(url).toMatch(new RegExp(`^${demo.url}/call/[0-9a-f]{16}$`));
    const page = await fetch(url as string);
    expect([page.status, await page.text()]).toEqual([
      200,
      expect.stringContaining("the demo server's stand-in meeting room"),
    ]);
  });

  it('--video-provider none --push-device no: each feature answers its error', async () => {
    const demo = await serve(['--demo', '--video-provider', 'none', '--push-device', 'no']);
    expect(await demo.post('/calls/videoprovider/create')).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'The video call provider is not configured on this server.',
    });
    expect(await demo.post('/mobile_push/e2ee/test_notification')).toMatchObject({
      code: 'NO_ACTIVE_PUSH_DEVICE',
    });
  });

  it('--push-test-error forces that error, and --video-provider local works without --demo', async () => {
    const fixed = await serve([
      '--push-test-error',
      'INTERNAL_SERVER_ERROR_ON_BOUNCER',
      '--video-provider',
      'local',
    ]);
    expect(await fixed.post('/mobile_push/e2ee/test_notification')).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER',
    });
    const { url } = await fixed.post('/calls/videoprovider/create');
    expect((await fetch(url as string)).status).toBe(200);
  });

  it('refuses an unknown value, naming the ones it takes', async () => {
    const HINT = "Try 'npm run -s server -- --help' for the options.\n";
    expect(await refusal(['--video-provider', 'zoom'])).toEqual({
      code: 2,
      stderr: `--video-provider must be one of none, local, not "zoom". ${HINT}`,
    });
    expect(await refusal(['--push-device', 'maybe'])).toEqual({
      code: 2,
      stderr: `--push-device must be one of yes, no, not "maybe". ${HINT}`,
    });
    const wrongCode = await refusal(['--push-test-error', 'SOMETHING']);
    expect(wrongCode.code).toBe(2);
    expect(wrongCode.stderr).toContain('NO_ACTIVE_PUSH_DEVICE, ADMIN_ACTION_REQUIRED');
  });
});

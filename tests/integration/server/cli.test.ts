import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { spawnTree, stopTree } from '../../e2e/support/process-tree.ts';

describe('npm run -s server (src/server/cli.ts)', () => {
  it('prints the url and users as its first line, then serves the requested feature level', async () => {
    // Exactly the command the README documents: without -s, npm's banner comes first.
    const child = spawnTree(
      'npm',
      ['run', '-s', 'server', '--', '--port', '0', '--feature-level', '300'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
      const printed = JSON.parse(first) as {
        url: string;
        users: { email: string; api_key: string; role: number; full_name: string }[];
      };
      expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(printed.users[0]).toMatchObject({
        role: 100,
        email: expect.any(String),
        api_key: expect.any(String),
        full_name: expect.any(String),
      });
      const settings = (await (
        await fetch(`${printed.url}/api/v1/server_settings`)
      ).json()) as Record<string, unknown>;
      expect(settings.service_feature_level).toBe(300);
      const owner = printed.users[0];
      const me = await fetch(`${printed.url}/api/v1/users/me`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${owner?.email}:${owner?.api_key}`).toString('base64')}`,
        },
      });
      expect(me.status).toBe(200);
    } finally {
      await stopTree(child);
    }
  });
});

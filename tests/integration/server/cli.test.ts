import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { spawnTree, stopTree } from '../../e2e/support/process-tree.ts';
import { firstLine, spawnServerCli } from './cli-server.ts';

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

  it("prints every person's password and a signed web token, each of which signs in", async () => {
    const child = spawnServerCli(['--demo', '--port', '0']);
    try {
      let text = '';
      child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
      const printed = await firstLine(child);
      const people = printed.users.filter((u) => u.password);
      expect(people.length).toBeGreaterThan(5);
      expect(printed.jwt_key).toMatch(/^[\w-]{20,}$/);
      const member = people.find((u) => u.role === 400)!;
      const post = (path: string, body: Record<string, string>) =>
        fetch(`${printed.url}/api/v1${path}`, { method: 'POST', body: new URLSearchParams(body) });

      const byPassword = await post('/fetch_api_key', {
        username: member.email,
        password: member.password!,
      });
      expect(await byPassword.json()).toMatchObject({ result: 'success', api_key: member.api_key });
      const byToken = await post('/jwt/fetch_api_key', { token: member.jwt! });
      expect(await byToken.json()).toMatchObject({ result: 'success', api_key: member.api_key });

      // The same, readable: one line a person, and the JWT key.
      await expect.poll(() => text).toContain('JWT sign-in');
      expect(text).toContain(`Organization address: ${printed.url}`);
      expect(text).toMatch(
        new RegExp(
          `member +${member.full_name} +${member.email.replace('.', '\\.')} +password ${member.password}`,
        ),
      );
      expect(text).toContain(`signed (HS256) with the key ${printed.jwt_key}`);
    } finally {
      await stopTree(child);
    }
  });

  it('draws a new JWT key each run, so a token from one run is refused by the next', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 2; i++) {
      const child = spawnServerCli(['--port', '0']);
      try {
        keys.push((await firstLine(child)).jwt_key);
      } finally {
        await stopTree(child);
      }
    }
    expect(keys[0]).not.toBe(keys[1]);
  });
});

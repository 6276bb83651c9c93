/**
 * Patterns that backtrack exponentially in a backtracking engine, yet pass a nesting
 * heuristic. The server runs in its own process: if a message froze it, this test would
 * still be free to time out and stop it.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopTree } from '../../e2e/support/process-tree.ts';
import { firstLine, ownerAuth, spawnServerCli } from './cli-server.ts';

let child: ChildProcess;
let url: string;
let auth: string;

beforeAll(async () => {
  child = spawnServerCli(['--port', '0']);
  const printed = await firstLine(child);
  url = printed.url;
  auth = ownerAuth(printed.users);
});
afterAll(() => stopTree(child));

async function api(
  method: string,
  path: string,
  params: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const query = method === 'GET' ? `?${new URLSearchParams(params)}` : '';
  const res = await fetch(`${url}/api/v1${path}${query}`, {
    method,
    headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Sends a message while asking /server_settings, as a second user of the server would. */
async function sendBesideOthers(topic: string, content: string): Promise<number> {
  const [sent, settings] = await Promise.all([
    api('POST', '/messages', { type: 'stream', to: 'general', topic, content }),
    api('GET', '/server_settings'),
  ]);
  expect(settings.status).toBe(200);
  expect(sent.body).toMatchObject({ result: 'success' });
  return sent.body.id as number;
}

async function rendered(id: number): Promise<{ content: string; topic_links: unknown[] }> {
  const r = await api('GET', '/messages', {
    anchor: String(id),
    num_before: '0',
    num_after: '0',
  });
  return (r.body.messages as { content: string; topic_links: unknown[] }[])[0]!;
}

describe('linkifiers that a backtracking engine would take exponential time on', () => {
  it.each([
    ['(a|a)*b', 'a', 'b'],
    ['(a|aa)*b', 'a', 'b'],
    ['\\d*\\d*\\d*x', '1', 'x'],
  ])(
    '%s: accepted, and long runs render while the server keeps answering',
    async (pattern, ch, end) => {
      const added = await api('POST', '/realm/filters', {
        pattern,
        url_template: 'https://tracker.example/redos',
      });
      expect(added.body).toMatchObject({ result: 'success' });

      for (const n of [30, 60, 1000]) {
        const id = await sendBesideOthers(`run ${pattern} ${n}`, ch.repeat(n));
        expect((await rendered(id)).content).toBe(`<p>${ch.repeat(n)}</p>`);
      }
      // The longest message the server takes, and the longest topic, of the adversarial kind.
      const longest = await sendBesideOthers(ch.repeat(60), `${ch.repeat(9_999)}!`);
      expect((await rendered(longest)).topic_links).toEqual([]);
      // The pattern still links what it matches.
      const matched = await sendBesideOthers('matched', `see ${ch.repeat(3)}${end} now`);
      expect((await rendered(matched)).content).toContain('href="https://tracker.example/redos"');

      expect((await api('GET', '/server_settings')).status).toBe(200);
      await api('DELETE', `/realm/filters/${added.body.id as number}`);
    },
  );
});

/**
 * The page the host serves carries the first screen's state (`app.boot`), so a reopened
 * window paints where the reader left it before its WebSocket answers (docs/architecture.md
 * "No window"); no text in that state can end the script element it is in.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/core/core.ts';
import { startWebHost, type WebHost } from '../../../src/web/host.ts';
import { scriptJson } from '../../../src/web/boot-html.ts';
import { MemorySecrets } from '../../integration/core/sync/memory-secrets.ts';

let core: Core;
let host: WebHost;

beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'perch-boot-'));
  const staticDir = join(dir, 'renderer');
  await mkdir(staticDir);
  await writeFile(
    join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>Perch</title></head><body></body></html>',
  );
  core = await createCore({
    dataDir: join(dir, 'data'),
    version: 't',
    transport: 'web',
    secrets: new MemorySecrets(),
  });
  host = await startWebHost({ core, staticDir });
});

afterEach(async () => {
  await host.close();
  await core.close();
});

/** The state in the served page, read as the renderer reads it. */
async function servedBoot(): Promise<{ place: unknown; prefs: { theme: string } }> {
  const html = await (await fetch(host.url)).text();
  const m = /<script type="application\/json" id="perch-boot">(.*?)<\/script><\/head>/s.exec(html);
  expect(m, html).not.toBeNull();
  return JSON.parse(m![1]!) as { place: unknown; prefs: { theme: string } };
}

describe('the served page', () => {
  it('carries the preferences, and where the last window was left once one said', async () => {
    expect(await servedBoot()).toMatchObject({ place: null, prefs: { theme: 'system' } });
    const left = {
      view: 'messages',
      accountId: 'a1',
      narrow: [{ operator: 'channel', operand: 'general' }],
      anchor: 'newest',
    };
    const said = await core.invoke('window.place', left);
    expect(said.ok).toBe(true);
    expect((await servedBoot()).place).toEqual(left);
  });
});

describe('scriptJson', () => {
  it('leaves no "<" that could end the script element, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!--', n: 1 };
    const text = scriptJson(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});

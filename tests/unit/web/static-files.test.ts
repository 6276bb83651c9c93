import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStatic } from '../../../src/web/static-files.ts';

async function site() {
  const base = await mkdtemp(join(tmpdir(), 'perch-static-'));
  const root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<p>home</p>');
  await writeFile(join(root, 'assets', 'app.js'), 'ok');
  await writeFile(join(base, 'secret.txt'), 'outside');
  return root;
}

describe('serving the built renderer', () => {
  it('serves the index for / and files with their content type', async () => {
    const root = await site();
    expect((await loadStatic(root, '/'))?.type).toMatch(/text\/html/);
    expect((await loadStatic(root, '/assets/app.js'))?.body.toString()).toBe('ok');
  });

  it('never serves a file outside the renderer directory', async () => {
    const root = await site();
    for (const probe of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%00',
      '/%E0%A4%A',
    ]) {
      expect(await loadStatic(root, probe), probe).toBeUndefined();
    }
  });

  it('answers nothing for a directory or a missing file', async () => {
    const root = await site();
    expect(await loadStatic(root, '/assets')).toBeUndefined();
    expect(await loadStatic(root, '/nope.js')).toBeUndefined();
  });
});

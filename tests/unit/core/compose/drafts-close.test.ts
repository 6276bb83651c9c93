/**
 * Quitting with drafts being written (src/core/compose/drafts.ts, `close`): what was asked
 * for before the Core closed is on disk after it, and a call that a closing window still
 * sends meanwhile leaves the data directory alone, so nothing writes into it once the Core
 * has closed, not even the sealing of an earlier Perch's plain file read for the first time.
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DraftStore } from '../../../../src/core/compose/drafts.ts';
import { systemClock } from '../../../../src/lib/clock.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'perch-drafts-close-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const draft = (content: string) => ({ key: 'stream:1:plans', content, topic: 'plans' });

it('keeps a draft saved before closing, and writes nothing asked for after', async () => {
  const keychain = new TestKeychain();
  const drafts = new DraftStore(dataDir, systemClock, () => keychain);
  const before = drafts.save('a-1', draft('Said before quitting'));
  await drafts.close();
  await before;
  const file = drafts.pathOf('a-1');
  const written = await stat(file);

  await drafts.save('a-1', draft('Typed while the window closed'));
  await drafts.save('a-2', draft('Another account, too late'));
  expect((await stat(file)).mtimeMs).toBe(written.mtimeMs);
  expect(await readdir(join(file, '..'))).toEqual([file.split('/').pop()]);

  const again = new DraftStore(dataDir, systemClock, () => keychain);
  expect((await again.list('a-1')).map((d) => d.content)).toEqual(['Said before quitting']);
});

it('reads a plain file of an earlier Perch first asked for after closing, and leaves it as it was', async () => {
  const keychain = new TestKeychain();
  const drafts = new DraftStore(dataDir, systemClock, () => keychain);
  const plain = drafts.pathOf('a-1').replace(/\.drafts$/, '.json');
  await mkdir(join(plain, '..'), { recursive: true });
  const earlier = { ...draft('Written in an earlier Perch'), updatedAt: 1 };
  await writeFile(plain, JSON.stringify({ accountId: 'a-1', drafts: [earlier], outbox: [] }));
  await drafts.close();

  expect((await drafts.list('a-1')).map((d) => d.content)).toEqual(['Written in an earlier Perch']);
  await drafts.settled();
  expect(await readdir(join(plain, '..'))).toEqual([plain.split('/').pop()]);
  expect(await keychain.get('drafts-key:a-1')).toBeUndefined();

  // The next start seals it as before.
  const again = new DraftStore(dataDir, systemClock, () => keychain);
  expect((await again.list('a-1')).map((d) => d.content)).toEqual(['Written in an earlier Perch']);
  expect(await readdir(join(plain, '..'))).toEqual([drafts.pathOf('a-1').split('/').pop()]);
});

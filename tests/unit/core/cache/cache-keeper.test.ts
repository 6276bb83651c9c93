import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { MemorySecretStore } from '../../../../src/core/accounts/memory-secret-store.ts';
import type { SecretStore } from '../../../../src/core/accounts/secret-store.ts';
import {
  CACHE_WRITE_DELAY_MS,
  CACHE_WRITE_INTERVAL_MS,
  CacheKeeper,
  cacheKeyId,
  type CacheNote,
} from '../../../../src/core/cache/cache-keeper.ts';
import { cachePath } from '../../../../src/core/cache/cache-files.ts';
import { CACHE_FORMAT_VERSION } from '../../../../src/core/cache/cache-format.ts';
import { messagesOf, type CachedAccount } from '../../../../src/core/cache/cache-payload.ts';
import { TestKeychain } from '../../../fixtures/test-keychain.ts';

const SECRET_TEXT = 'the launch moves to Thursday';

function cachedOf(messages: number): CachedAccount {
  const register = JSON.stringify({ full_name: 'Ada Lovelace', email: 'ada@example.com' });
  return {
    accountId: 'acct-1',
    savedAt: Date.UTC(2026, 0, 5, 10, 42),
    state: { register, events: '[]', newestMessageId: messages },
    notifiedUpTo: messages,
    messages:
      messages === 0
        ? undefined
        : {
            params: 'p',
            narrows: [],
            messages: Array.from({ length: messages }, (_, i) => ({
              id: i + 1,
              content: `<p>${SECRET_TEXT} ${'x'.repeat(200)}</p>`,
            })) as never,
            editsSeen: [],
          },
  };
}

let dir: string;
let clock: ManualClock;
let keychain: TestKeychain;
let notes: CacheNote[];
/** When the keeper took each snapshot: one per write it began. */
let snapshotsAt: number[];

function keeper(options: { secrets?: SecretStore; budget?: number; messages?: number } = {}) {
  const k = new CacheKeeper({
    dataDir: dir,
    clock,
    secretsFor: () => options.secrets ?? keychain,
    ...(options.budget ? { budgetBytes: () => options.budget! } : {}),
    onNote: (_id, note) => notes.push(note),
  });
  k.attach({
    snapshot: (_id, max) => {
      snapshotsAt.push(clock.now());
      const cached = cachedOf(options.messages ?? 3);
      if (cached.messages && max < cached.messages.messages.length)
        cached.messages.messages = cached.messages.messages.slice(0, max);
      if (cached.messages?.messages.length === 0) cached.messages = undefined;
      return cached;
    },
  });
  return k;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'perch-cache-'));
  clock = new ManualClock(Date.UTC(2026, 0, 5, 10, 0));
  keychain = new TestKeychain();
  notes = [];
  snapshotsAt = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the cache on disk', () => {
  it('reads back what it wrote, in files only the user can read, with no text in clear', async () => {
    await keeper().save('acct-1');
    const loaded = await keeper().load('acct-1');
    expect(loaded?.savedAt).toBe(Date.UTC(2026, 0, 5, 10, 42));
    expect(loaded && messagesOf(loaded)?.messages).toHaveLength(3);
    expect(JSON.parse(loaded!.state.register)).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const path = cachePath(dir, 'acct-1');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'cache'))).mode & 0o777).toBe(0o700);
    const bytes = await readFile(path);
    for (const clear of [
      SECRET_TEXT,
      'Ada Lovelace',
      'ada@example.com',
      keychain.keys.get(cacheKeyId('acct-1'))!,
    ])
      expect(bytes.includes(Buffer.from(clear))).toBe(false);
    // No temporary file is left behind.
    expect(await readdir(join(dir, 'cache'))).toEqual(['acct-1.cache']);
    expect(notes).toEqual([]);
  });

  it('writes a few seconds after a change, once for a burst of changes', async () => {
    const k = keeper();
    k.changed('acct-1');
    k.changed('acct-1');
    expect(await readdir(dir)).toEqual([]);
    await clock.advance(CACHE_WRITE_DELAY_MS);
    await k.save('acct-1');
    expect(await readdir(join(dir, 'cache'))).toEqual(['acct-1.cache']);
  });

  it('under steady changes writes once an interval; after a quiet one, a few seconds after a change', async () => {
    // Its source has nothing to save, so a write is only its snapshot: no disk I/O runs on
    // while the test's clock jumps.
    const k = new CacheKeeper({ dataDir: dir, clock, secretsFor: () => keychain });
    k.attach({ snapshot: () => void snapshotsAt.push(clock.now()) });
    const start = clock.now();
    // A change every 4 s for over two intervals, as a busy channel brings.
    for (let t = 0; t < 2 * CACHE_WRITE_INTERVAL_MS + 20_000; t += 4_000) {
      k.changed('acct-1');
      await clock.advance(4_000);
    }
    expect(snapshotsAt.map((at) => at - start)).toEqual([
      CACHE_WRITE_DELAY_MS,
      CACHE_WRITE_DELAY_MS + CACHE_WRITE_INTERVAL_MS,
      CACHE_WRITE_DELAY_MS + 2 * CACHE_WRITE_INTERVAL_MS,
    ]);
    // The last change is written at the next interval's turn, then nothing more is scheduled.
    await clock.advance(CACHE_WRITE_INTERVAL_MS);
    expect(snapshotsAt).toHaveLength(4);
    await clock.advance(CACHE_WRITE_INTERVAL_MS);
    const quiet = clock.now();
    k.changed('acct-1');
    await clock.advance(CACHE_WRITE_DELAY_MS);
    expect(snapshotsAt.slice(4)).toEqual([quiet + CACHE_WRITE_DELAY_MS]);
  });

  it('reads the key from the keychain once, and makes a new one after a sign-out', async () => {
    let reads = 0;
    const counted = new (class extends TestKeychain {
      override async get(id: string) {
        reads += 1;
        return super.get(id);
      }
    })();
    const k = keeper({ secrets: counted });
    for (let i = 0; i < 4; i++) await k.save('acct-1');
    expect(reads).toBe(1);
    const first = counted.keys.get(cacheKeyId('acct-1'));
    await k.forget('acct-1');
    // Signed in again: the start looks for a copy, and the next write makes one.
    expect(await k.load('acct-1')).toBeUndefined();
    await k.save('acct-1');
    const second = counted.keys.get(cacheKeyId('acct-1'));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The file is sealed under the key the keychain now holds.
    expect(await keeper({ secrets: counted }).load('acct-1')).toBeDefined();
  });

  it('tells once the writes scheduled or under way have ended, not waiting for later ones', async () => {
    const k = keeper();
    const seen: boolean[] = [];
    const fileThere = () => seen.push(existsSync(cachePath(dir, 'acct-1')));
    k.whenWritten(fileThere);
    expect(seen).toEqual([false]);
    k.changed('acct-1');
    k.whenWritten(fileThere);
    expect(seen).toEqual([false]);
    await clock.advance(CACHE_WRITE_DELAY_MS);
    await k.save('acct-1');
    expect(seen).toEqual([false, true]);
    // The next write is an interval after the last began. A change while it is under way
    // schedules one more, an interval away: the wait is for the first only.
    k.changed('acct-1');
    k.whenWritten(fileThere);
    await clock.advance(CACHE_WRITE_INTERVAL_MS);
    k.changed('acct-1');
    await vi.waitFor(() => expect(seen).toEqual([false, true, true]));
    // A sign-out drops the scheduled write: nobody is left waiting for it.
    k.changed('acct-1');
    k.whenWritten(fileThere);
    await k.forget('acct-1');
    expect(seen).toEqual([false, true, true, false]);
  });

  it('writes nothing when keys are kept in memory only', async () => {
    const k = keeper({ secrets: new MemorySecretStore() });
    expect(k.enabled('acct-1')).toBe(false);
    k.changed('acct-1');
    await k.save('acct-1');
    expect(await readdir(dir)).toEqual([]);
    expect(await k.load('acct-1')).toBeUndefined();
  });

  it('keeps within its size budget by saving fewer messages', async () => {
    await keeper({ messages: 400, budget: 40_000 }).save('acct-1');
    const size = (await stat(cachePath(dir, 'acct-1'))).size;
    expect(size).toBeLessThanOrEqual(40_000);
    const loaded = await keeper().load('acct-1');
    const kept = (loaded && messagesOf(loaded)?.messages.length) ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(400);
  });

  it('keeps within its budget when the messages read at start were never opened', async () => {
    const k = keeper({ messages: 400, budget: 40_000 });
    const text = JSON.stringify(cachedOf(400).messages);
    k.attach({
      // The source gives the text it read while nobody opened the messages, parsed ones
      // once a limit asks for fewer.
      snapshot: (_id, max) => {
        if (max === Infinity) return { ...cachedOf(0), messagesText: text };
        const cached = cachedOf(400);
        cached.messages!.messages = cached.messages!.messages.slice(0, max);
        return cached;
      },
    });
    await k.save('acct-1');
    expect((await stat(cachePath(dir, 'acct-1'))).size).toBeLessThanOrEqual(40_000);
    const loaded = await keeper().load('acct-1');
    const kept = (loaded && messagesOf(loaded)?.messages.length) ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(400);
  });

  it.each([
    ['a flipped byte', (b: Buffer) => ((b[b.length - 10] as number) ^= 0x01), 'does-not-decrypt'],
    ['a truncated file', (b: Buffer) => b.subarray(0, 20), 'truncated'],
    ['a half-written file', (b: Buffer) => b.subarray(0, b.length >> 1), 'does-not-decrypt'],
    [
      'another format version',
      (b: Buffer) => b.writeUInt16BE(CACHE_FORMAT_VERSION + 1, 6),
      'other-version',
    ],
  ])('starts afresh from %s, deletes it and says why', async (_name, damage, code) => {
    await keeper().save('acct-1');
    const path = cachePath(dir, 'acct-1');
    const bytes = await readFile(path);
    const changed = damage(bytes);
    await writeFile(path, Buffer.isBuffer(changed) ? changed : bytes);
    expect(await keeper().load('acct-1')).toBeUndefined();
    expect(await readdir(join(dir, 'cache'))).toEqual([]);
    expect(notes).toEqual([expect.objectContaining({ code })]);
    expect(notes[0]?.text).toMatch(
      /^The copy of this account saved on this computer was not used because .+\. It was deleted/,
    );
  });

  it('deletes a copy read back whole that does not restore, and says why', async () => {
    const k = keeper();
    await k.save('acct-1');
    expect(await k.load('acct-1')).toBeDefined();
    await k.unusable('acct-1');
    expect(await readdir(join(dir, 'cache'))).toEqual([]);
    expect(keychain.keys.size).toBe(0);
    expect(notes.map((n) => n.code)).toEqual(['unreadable-contents']);
    expect(k.note('acct-1')?.text).toMatch(/not used because its contents could not be read/);
  });

  it('starts afresh when the key is not the one the cache was saved with', async () => {
    await keeper().save('acct-1');
    keychain.keys.set(cacheKeyId('acct-1'), Buffer.alloc(32, 7).toString('base64'));
    expect(await keeper().load('acct-1')).toBeUndefined();
    expect(notes.map((n) => n.code)).toEqual(['does-not-decrypt']);
  });

  it('starts afresh when the key is gone from the keychain', async () => {
    await keeper().save('acct-1');
    keychain.keys.clear();
    expect(await keeper().load('acct-1')).toBeUndefined();
    expect(notes.map((n) => n.code)).toEqual(['no-key']);
  });

  it('never reads one account’s file as another’s', async () => {
    await keeper().save('acct-1');
    const key = keychain.keys.get(cacheKeyId('acct-1'))!;
    keychain.keys.set(cacheKeyId('acct-2'), key);
    await writeFile(cachePath(dir, 'acct-2'), await readFile(cachePath(dir, 'acct-1')));
    expect(await keeper().load('acct-2')).toBeUndefined();
  });

  it('forgets the file and its key on sign-out, even with a write scheduled', async () => {
    const k = keeper();
    await k.save('acct-1');
    k.changed('acct-1');
    await k.forget('acct-1');
    await clock.advance(CACHE_WRITE_INTERVAL_MS);
    expect(await readdir(join(dir, 'cache'))).toEqual([]);
    expect(keychain.keys.size).toBe(0);
  });

  it('says so in words when the disk refuses the write, and carries on', async () => {
    await writeFile(join(dir, 'cache'), 'a file where the folder should be');
    await keeper().save('acct-1');
    expect(notes.map((n) => n.text)).toEqual([expect.stringMatching(/could not save a copy/)]);
  });
});

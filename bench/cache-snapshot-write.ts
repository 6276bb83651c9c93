/**
 * One snapshot write of 10 000 kept messages, timed in a process of its own for
 * bench/cache-start.bench.ts: the bench's process also holds the five reference servers it
 * seeds (their messages, users and queues), and a collection that a write's few MB of text
 * sets off there scans that heap too, which no Perch host carries. Here the process holds the
 * account's restored state and its 10 000 messages, as the host does, and each write is the
 * Core's own (CacheKeeper.save: the snapshot taken, encoded, sealed and written to a file,
 * then renamed over the last). Prints one JSON line: the CPU time of each write and the
 * file's size.
 *
 *   node --import tsx bench/cache-snapshot-write.ts <data dir> <keychain file> <writes>
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CacheKeeper } from '../src/core/cache/cache-keeper.ts';
import { cachePath } from '../src/core/cache/cache-files.ts';
import { messagesOf } from '../src/core/cache/cache-payload.ts';
import { systemClock } from '../src/lib/clock.ts';
import { restoreMessages, snapshotMessages } from '../src/core/messages/store/store-snapshot.ts';
import { FileKeychain } from './file-keychain.ts';

const [dataDir, keyFile, writes] = process.argv.slice(2) as [string, string, string];
const keeper = new CacheKeeper({
  dataDir,
  clock: systemClock,
  secretsFor: () => new FileKeychain(keyFile),
});
const [file] = await readdir(join(dataDir, 'cache'));
const accountId = decodeURIComponent(file!.replace(/\.cache$/, ''));
const loaded = (await keeper.load(accountId))!;
const saved = messagesOf(loaded)!;
// The account's kept messages made 10 000: its own, repeated under new ids, in one narrow.
const many = Array.from({ length: 10_000 }, (_, i) => ({
  ...saved.messages[i % saved.messages.length]!,
  id: 1_000_000 + i,
}));
const store = restoreMessages(
  {
    ...saved,
    messages: many,
    narrows: [{ ...saved.narrows[0]!, ids: many.map((m) => m.id), lo: 0, hi: null }],
  },
  { myUserId: 0, subscribedChannel: () => 1 },
);
const { messagesText: _text, ...state } = loaded;
keeper.attach({
  snapshot: (_id, maxMessages) => ({ ...state, messages: snapshotMessages(store, maxMessages) }),
});
const cpu: number[] = [];
for (let i = 0; i < Number(writes); i++) {
  const before = process.cpuUsage();
  await keeper.save(accountId);
  const used = process.cpuUsage(before);
  cpu.push((used.user + used.system) / 1000);
}
const bytes = (await stat(cachePath(dataDir, accountId))).size;
console.log(JSON.stringify({ cpu, bytes, note: keeper.note(accountId)?.code ?? null }));

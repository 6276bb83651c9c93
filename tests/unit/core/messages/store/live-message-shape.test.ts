/**
 * Messages kept from their events share one hidden class, as fetched ones do. Past its first
 * few, V8 gives each `{ ...message, flags }` (a spread grown by a property) a hidden class of
 * its own: in the app-memory bench's burst that was 8.5 MB of hidden classes for 16 000 live
 * messages in the host. Only V8's own test functions can see a hidden class, and they need a
 * flag Node must start with, so the check runs in a child process.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..', '..', '..');
const url = (path: string) => pathToFileURL(join(root, path)).href;

const script = `
import { MessageStore } from ${JSON.stringify(url('src/core/messages/store/message-store.ts'))};
import { compileNarrow } from ${JSON.stringify(url('src/core/messages/store/narrow-match.ts'))};
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const wire = (id) => JSON.stringify({
  id, sender_id: 5, sender_email: 'a@example.com', sender_full_name: 'A', avatar_url: null,
  client: 'website', content: '<p>hi</p>', content_type: 'text/html',
  display_recipient: 'general', recipient_id: 9, type: 'stream', stream_id: 10,
  subject: 'topic', topic_links: [], timestamp: 1700000000 + id, is_me_message: false,
  reactions: [], submessages: [],
});
const store = new MessageStore();
const narrow = [{ operator: 'channel', operand: 10 }];
const compiled = compileNarrow(narrow, { myUserId: 1, subscribedChannel: Number });
store.account('a', '{}').remember(narrow, compiled,
  { anchor: 'newest', includeAnchor: false, numBefore: 10, numAfter: 0 },
  { messages: [{ ...JSON.parse(wire(1)), flags: [] }], foundAnchor: false, foundOldest: true,
    foundNewest: true, historyLimited: false, anchor: null });
const ids = Array.from({ length: 200 }, (_, i) => i + 2);
const events = ids.map((id) =>
  ({ type: 'message', id, message: JSON.parse(wire(id)), flags: id % 2 ? ['read'] : [] }));
store.apply('a', events, { channelName: () => undefined });
const kept = ids.map((id) => store.existing('a').messages.get(id));
console.log(JSON.stringify({
  kept: kept.filter(Boolean).length,
  shared: kept.slice(1).every((m) => sameShape(kept[0], m)),
}));
`;

it('messages from message events share one hidden class in the store', () => {
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ kept: 200, shared: true });
});

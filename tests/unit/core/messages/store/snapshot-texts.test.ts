/**
 * A snapshot's kept messages are written as each message's own JSON text, made once per
 * message (store-snapshot.ts): the pieces must join to exactly the snapshot's JSON, and a
 * message changed by an event must be written as it is now, never as it was first written.
 */
import { describe, expect, it } from 'vitest';
import type { NarrowTermWire } from '../../../../../src/contract/schemas/messages.ts';
import { MessageStore } from '../../../../../src/core/messages/store/message-store.ts';
import { compileNarrow } from '../../../../../src/core/messages/store/narrow-match.ts';
import { applyToStore } from '../../../../../src/core/messages/store/apply-events.ts';
import {
  snapshotMessages,
  snapshotTexts,
} from '../../../../../src/core/messages/store/store-snapshot.ts';
import { message } from '../../../renderer/messages/message-fixture.ts';

const lookup = { myUserId: 1, subscribedChannel: (o: string | number) => Number(o) };
const general: NarrowTermWire[] = [{ operator: 'channel', operand: '1' }];

/** An account that read #general's `count` messages, some of them in other scripts. */
function keptMessages(count: number) {
  const kept = new MessageStore().account('a', 'p');
  kept.remember(
    general,
    compileNarrow(general, lookup)!,
    { anchor: 'newest', includeAnchor: true, numBefore: count, numAfter: 0 },
    {
      messages: Array.from({ length: count }, (_, i) =>
        message(i + 1, { content: `<p>${i % 7 === 0 ? 'Zoë 😀 “quoted”' : 'plain'} ${i}</p>` }),
      ),
      foundAnchor: false,
      foundOldest: true,
      foundNewest: true,
      historyLimited: false,
      anchor: null,
    },
  );
  return kept;
}

const text = (kept: ReturnType<typeof keptMessages>) => snapshotTexts(snapshotMessages(kept)!);

describe('a snapshot written as pieces', () => {
  it('joins to the JSON of the snapshot, across many pieces', () => {
    const kept = keptMessages(1000);
    const pieces = text(kept);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(JSON.stringify(snapshotMessages(kept)));
    expect(JSON.parse(pieces.join('')).messages).toHaveLength(1000);
  });

  it('writes a message as an event left it, not as it was first written', () => {
    const kept = keptMessages(300);
    text(kept);
    applyToStore(
      kept,
      [
        { type: 'update_message_flags', op: 'add', flag: 'starred', messages: [5], all: false },
        {
          type: 'reaction',
          op: 'add',
          message_id: 6,
          user_id: 2,
          emoji_name: 'tada',
          emoji_code: '1f389',
          reaction_type: 'unicode_emoji',
        },
        {
          type: 'update_message',
          user_id: 1,
          message_id: 7,
          message_ids: [7],
          rendering_only: false,
          edit_timestamp: 1_700_000_100,
          content: 'edited',
          rendered_content: '<p>edited</p>',
        },
        {
          type: 'delete_message',
          message_type: 'stream',
          message_ids: [8],
          stream_id: 1,
          topic: 't',
        },
      ],
      { channelName: () => 'general' },
    );
    const after = text(kept).join('');
    expect(after).toBe(JSON.stringify(snapshotMessages(kept)));
    const byId = new Map(
      (
        JSON.parse(after) as {
          messages: { id: number; flags: string[]; content: string; reactions: unknown[] }[];
        }
      ).messages.map((m) => [m.id, m]),
    );
    expect(byId.get(5)?.flags).toContain('starred');
    expect(byId.get(6)?.reactions).toHaveLength(1);
    expect(byId.get(7)?.content).toBe('<p>edited</p>');
    expect(byId.has(8)).toBe(false);
  });
});

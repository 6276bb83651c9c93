/**
 * One narrow's list when answers come late: the list may have been opened again meanwhile
 * (the connection came back, say), and what was asked for the list before must then leave
 * the list now on screen as it is, its failures included.
 */
import { describe, expect, it } from 'vitest';
import type { MessagesPage, MessageWire } from '../../../../src/contract/schemas/messages.ts';
import type { Invoke } from '../../../../src/renderer/lib/rpc-port.ts';
import { Timeline } from '../../../../src/renderer/views/messages/timeline.svelte.ts';
import { message } from './message-fixture.ts';
import { seedFirstPage } from '../../../../src/renderer/lib/first-page-seed.ts';
import { firstPageKey } from '../../../../src/contract/first-page.ts';

/** A Core whose every answer the test gives, when it likes and in any order. */
function heldCore() {
  const calls: {
    channel: string;
    answer: (value: unknown) => void;
    fail: (err: Error) => void;
  }[] = [];
  const invoke = ((channel: string) =>
    new Promise((answer, fail) => calls.push({ channel, answer, fail }))) as unknown as Invoke;
  /** The one call on `channel` not answered yet. */
  const waiting = (channel: string) => {
    const found = calls.filter((c) => c.channel === channel);
    expect(found).toHaveLength(1);
    calls.splice(calls.indexOf(found[0]!), 1);
    return found[0]!;
  };
  return { invoke, calls, waiting };
}

function page(messages: MessageWire[]): MessagesPage {
  return {
    messages,
    foundAnchor: true,
    foundOldest: true,
    foundNewest: true,
    historyLimited: false,
    anchor: messages.at(-1)?.id ?? null,
  };
}

const LOST = new Error('network error: the server did not answer');

/** The whole history (no filter), opened at its newest end with messages 1 to 3. */
async function opened() {
  const core = heldCore();
  const timeline = new Timeline(core.invoke, 'acct', []);
  const opening = timeline.open({ kind: 'newest' });
  core.waiting('messages.fetch').answer(page([message(1), message(2), message(3)]));
  await opening;
  return { core, timeline };
}

/** Message 2 moved to a channel the window has no name for: it is fetched again by id. */
const movedAway = {
  type: 'update_message',
  message_id: 2,
  message_ids: [2],
  new_stream_id: 7,
  edit_timestamp: 100,
  user_id: 1,
};

/** Message 9, not loaded, moved into this narrow: it is fetched by id. */
const movedIn = {
  type: 'update_message',
  message_id: 9,
  message_ids: [9],
  subject: 't',
  edit_timestamp: 100,
  user_id: 1,
};

describe('a late answer after the list was opened again', () => {
  it.each([
    ['a refetch of messages moved away', movedAway],
    ['a fetch of messages moved in', movedIn],
  ])('%s, failing, does not show its error on the reopened list', async (_what, event) => {
    const { core, timeline } = await opened();
    const applying = timeline.apply([event]);
    const byIds = core.waiting('messages.byIds');

    // The list is opened again before that fetch is answered; the reopened list loads.
    const reopening = timeline.open({ kind: 'newest' });
    core.waiting('messages.fetch').answer(page([message(1), message(2), message(4)]));
    await reopening;
    byIds.fail(LOST);
    await applying;

    expect(timeline.error).toBeUndefined();
    expect(timeline.messages.map((m) => m.id)).toEqual([1, 2, 4]);
  });

  it('a refetch that fails while the list stays the same still says so', async () => {
    const { core, timeline } = await opened();
    const applying = timeline.apply([movedAway]);
    core.waiting('messages.byIds').fail(LOST);
    await applying;
    expect(timeline.error).toBe(LOST.message);
  });
});

describe('a narrow whose first page came with the served page', () => {
  it('shows that page before any answer, then fetches afresh what came before the window listened', async () => {
    const core = heldCore();
    seedFirstPage(firstPageKey('acct', [], { kind: 'newest' }), page([message(1), message(2)]));
    const timeline = new Timeline(core.invoke, 'acct', []);
    const opening = timeline.open({ kind: 'newest' });
    // Drawn from the served page with no call answered.
    await Promise.resolve();
    expect(timeline.messages.map((m) => m.id)).toEqual([1, 2]);
    // Message 3 came between the page being served and the window listening: only a fetch
    // can bring it.
    core.waiting('messages.fetch').answer(page([message(1), message(2), message(3)]));
    await opening;
    expect(timeline.messages.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('is used once, and only for its own narrow', async () => {
    seedFirstPage(firstPageKey('acct', [], { kind: 'newest' }), page([message(9)]));
    const core = heldCore();
    const other = new Timeline(core.invoke, 'acct', [{ operator: 'channel', operand: 'general' }]);
    const opening = other.open({ kind: 'newest' });
    core.waiting('messages.fetch').answer(page([message(4)]));
    await opening;
    expect(other.messages.map((m) => m.id)).toEqual([4]);
    // The seed went with that first open: the narrow it was for now asks the Core.
    const later = new Timeline(core.invoke, 'acct', []);
    const again = later.open({ kind: 'newest' });
    core.waiting('messages.fetch').answer(page([message(5)]));
    await again;
    expect(later.messages.map((m) => m.id)).toEqual([5]);
  });
});

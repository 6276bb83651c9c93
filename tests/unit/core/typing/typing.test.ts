import { describe, expect, it } from 'vitest';
import type { TypingTo } from '../../../../src/api/routes/typing.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import { TypingBoard, readTypingEvent } from '../../../../src/core/typing/board.ts';
import {
  DEFAULT_TYPING_PERIODS,
  typingPeriodsFrom,
} from '../../../../src/core/model/typing-periods.ts';
import { TypingSender } from '../../../../src/core/typing/sender.ts';

const {
  startedWaitMs: STARTED_WAIT_MS,
  stoppedWaitMs: STOPPED_WAIT_MS,
  startedExpiryMs: EXPIRY_MS,
} = DEFAULT_TYPING_PERIODS;

const deploy: TypingTo = { type: 'stream', streamId: 3, topic: 'deploy' };
const ada: TypingTo = { type: 'direct', userIds: [7] };

function recordingSender() {
  const clock = new ManualClock();
  const sent: string[] = [];
  const sender = new TypingSender(clock, (op, to) =>
    sent.push(`${op} ${to.type === 'direct' ? to.userIds.join(',') : to.topic}`),
  );
  return { clock, sent, sender };
}

describe('sending typing notifications', () => {
  it('starts once, repeats while typing goes on, and stops after a pause', async () => {
    const { clock, sent, sender } = recordingSender();
    sender.typed(deploy, true);
    await clock.advance(1000);
    sender.typed(deploy, true);
    expect(sent).toEqual(['start deploy']);
    // Typing every few seconds keeps the others' indicator alive past its expiry.
    for (let t = 0; t < STARTED_WAIT_MS; t += 3000) {
      await clock.advance(3000);
      sender.typed(deploy, true);
    }
    expect(sent).toEqual(['start deploy', 'start deploy']);
    await clock.advance(STOPPED_WAIT_MS);
    expect(sent).toEqual(['start deploy', 'start deploy', 'stop deploy']);
  });

  it('stops on send or an emptied draft, and stops the old conversation when moving on', () => {
    const { sent, sender } = recordingSender();
    sender.typed(deploy, true);
    sender.typed(ada, true);
    sender.stopped();
    sender.stopped();
    expect(sent).toEqual(['start deploy', 'stop deploy', 'start 7', 'stop 7']);
  });

  it('sends nothing where the user turned typing notifications off', async () => {
    const { clock, sent, sender } = recordingSender();
    sender.typed(ada, false);
    await clock.advance(STOPPED_WAIT_MS * 2);
    sender.stopped();
    expect(sent).toEqual([]);
  });
});

describe('showing who is typing', () => {
  const dmEvent = (op: string, sender: number, recipients: number[]) => ({
    type: 'typing',
    op,
    message_type: 'direct',
    sender: { user_id: sender, email: `${sender}@x` },
    recipients: recipients.map((id) => ({ user_id: id, email: `${id}@x` })),
  });

  it("reads a DM's conversation as the receiver writes to it, and a channel's topic", () => {
    expect(readTypingEvent(dmEvent('start', 7, [1, 7, 9]), 1)).toEqual({
      op: 'start',
      senderId: 7,
      to: { type: 'direct', userIds: [7, 9] },
    });
    expect(
      readTypingEvent(
        { op: 'stop', message_type: 'stream', sender: { user_id: 7 }, stream_id: 3, topic: 'x' },
        1,
      ),
    ).toEqual({ op: 'stop', senderId: 7, to: { type: 'stream', streamId: 3, topic: 'x' } });
    expect(readTypingEvent({ op: 'start', sender: {} }, 1)).toBeUndefined();
  });

  it('lists typists until their stop, or until a start is not renewed in time', async () => {
    const clock = new ManualClock();
    let changes = 0;
    const board = new TypingBoard(clock, () => changes++);
    board.apply({ op: 'start', senderId: 7, to: deploy });
    board.apply({ op: 'start', senderId: 9, to: { ...deploy, topic: 'DEPLOY' } });
    expect(board.list()).toEqual([{ to: deploy, userIds: [7, 9] }]);

    board.apply({ op: 'stop', senderId: 7, to: deploy });
    expect(board.list()).toEqual([{ to: deploy, userIds: [9] }]);

    await clock.advance(EXPIRY_MS - 1000);
    board.apply({ op: 'start', senderId: 9, to: deploy });
    await clock.advance(EXPIRY_MS - 1000);
    expect(board.list()).toEqual([{ to: deploy, userIds: [9] }]);
    await clock.advance(1000);
    expect(board.list()).toEqual([]);
    expect(changes).toBe(5);
  });
});

describe('the typing periods a server gives', () => {
  it('are read from register, with the old hard-coded values where a server sends none', () => {
    expect(
      typingPeriodsFrom({
        server_typing_started_wait_period_milliseconds: 4000,
        server_typing_stopped_wait_period_milliseconds: 2000,
        server_typing_started_expiry_period_milliseconds: 6000,
      }),
    ).toEqual({ startedWaitMs: 4000, stoppedWaitMs: 2000, startedExpiryMs: 6000 });
    expect(typingPeriodsFrom({})).toEqual({
      startedWaitMs: 10_000,
      stoppedWaitMs: 5_000,
      startedExpiryMs: 15_000,
    });
    expect(typingPeriodsFrom({ server_typing_stopped_wait_period_milliseconds: -1 })).toEqual(
      DEFAULT_TYPING_PERIODS,
    );
  });
});

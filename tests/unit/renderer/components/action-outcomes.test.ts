import { describe, expect, it } from 'vitest';
import { ActionOutcomes } from '../../../../src/renderer/components/action-outcomes.svelte.ts';
import { MessagesOnScreen } from '../../../../src/renderer/lib/messages-on-screen.ts';
import { RecordingPort } from '../support/recording-port.ts';

const settled = (id: number, applied: boolean, told = false, messageId = 7) => ({
  id,
  accountId: 'a1',
  messageId,
  applied,
  told,
  sentence: `Your star on Alice's message in #general › deploy could not be confirmed; it is not starred.`,
});

describe('ActionOutcomes', () => {
  it('keeps what did not apply, and Retry clears it once the Core has done it again', async () => {
    const port = new RecordingPort().answer('actions.retry', {});
    const model = new ActionOutcomes(port);
    model.listen();
    port.push('actions.settled', settled(1, true));
    port.push('actions.settled', settled(2, false));
    expect(model.outcomes.map((o) => o.id)).toEqual([2]);
    await model.retry(2);
    expect(port.calls.map((c) => c.args)).toEqual([{ id: 2 }]);
    expect(model.outcomes).toEqual([]);
  });

  it('says in words why a retry did not work, and keeps the outcome', async () => {
    const port = new RecordingPort().refuse('actions.retry', 'The server could not be reached.');
    const model = new ActionOutcomes(port);
    model.listen();
    port.push('actions.settled', settled(3, false));
    await model.retry(3);
    expect(model.outcomes[0]?.error).toContain('The server could not be reached.');
    expect(model.outcomes[0]?.busy).toBe(false);
    model.dismiss(3);
    expect(model.outcomes).toEqual([]);
  });

  it('leaves a failure to the row that was told it while that row is on screen, once', () => {
    const port = new RecordingPort();
    const rows = new MessagesOnScreen();
    const model = new ActionOutcomes(port, (a, m) => rows.shows(a, m));
    model.listen();
    const gone = rows.hold('a1', 7);
    // Its row heard the failure as the call's answer and shows it: not said again here.
    port.push('actions.settled', settled(4, false, true));
    expect(model.outcomes).toEqual([]);
    // Settled later, after the row's call had ended: only here can the reader learn it.
    port.push('actions.settled', settled(5, false, false));
    // The reader left before the answer came: the row that was told is gone.
    gone();
    port.push('actions.settled', settled(6, false, true));
    expect(model.outcomes.map((o) => o.id)).toEqual([5, 6]);
  });
});

describe('MessagesOnScreen', () => {
  it('shows a message while any of its rows stands, and each row lets go once', () => {
    const rows = new MessagesOnScreen();
    const first = rows.hold('a1', 7);
    const second = rows.hold('a1', 7);
    first();
    first();
    expect(rows.shows('a1', 7)).toBe(true);
    expect(rows.shows('a2', 7)).toBe(false);
    second();
    expect(rows.shows('a1', 7)).toBe(false);
  });
});

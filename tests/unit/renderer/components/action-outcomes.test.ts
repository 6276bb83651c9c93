import { describe, expect, it } from 'vitest';
import { ActionOutcomes } from '../../../../src/renderer/components/action-outcomes.svelte.ts';
import { RecordingPort } from '../support/recording-port.ts';

const settled = (id: number, applied: boolean) => ({
  id,
  accountId: 'a1',
  messageId: 7,
  applied,
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
});

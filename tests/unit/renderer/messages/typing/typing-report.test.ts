import { describe, expect, it } from 'vitest';
import { TypingReport } from '../../../../../src/renderer/views/messages/typing/typing-report.ts';
import type { TypingTarget } from '../../../../../src/contract/schemas/typing.ts';

const lunch: TypingTarget = { type: 'stream', streamId: 3, topic: 'lunch' };
const dinner: TypingTarget = { type: 'stream', streamId: 3, topic: 'dinner' };
const ada: TypingTarget = { type: 'direct', userIds: [7] };

function recorder() {
  const said: string[] = [];
  const report = new TypingReport((t, active) =>
    said.push(`${active ? 'start' : 'stop'} ${t.type === 'stream' ? t.topic : 'dm'}`),
  );
  return { said, report };
}

describe('TypingReport', () => {
  it('says typing on the user’s edits, and stops when the draft is emptied', () => {
    const { said, report } = recorder();
    report.update(lunch, '', 0);
    report.update(lunch, 's', 1);
    report.update(lunch, 'so', 2);
    report.update(lunch, '', 2); // sent: compose empties the draft itself
    expect(said).toEqual(['start lunch', 'start lunch', 'stop lunch']);
  });

  it('a saved draft that loads after the window opened is not typing', () => {
    const { said, report } = recorder();
    report.update(undefined, '', 0);
    report.update(lunch, '', 0);
    report.update(lunch, 'half a reply', 0);
    expect(said).toEqual([]);
    report.update(lunch, 'half a reply!', 1);
    expect(said).toEqual(['start lunch']);
  });

  it('moving elsewhere ends typing there; the draft met in the new place is not typing', () => {
    const { said, report } = recorder();
    report.update(lunch, 'pasta', 1);
    report.update(dinner, 'kept for dinner', 1);
    report.update(ada, 'kept for Ada', 1);
    expect(said).toEqual(['start lunch', 'stop lunch', 'stop dinner']);
    report.update(ada, 'kept for Ada, and more', 2);
    expect(said.at(-1)).toBe('start dm');
  });

  it('says nothing while compose has nowhere to send', () => {
    const { said, report } = recorder();
    report.update(undefined, 'x', 1);
    report.update(undefined, 'xy', 2);
    expect(said).toEqual([]);
  });
});

/** The typing line and the user's typing notices without a DOM, against a recording Core. */
import { describe, expect, test, vi } from 'vitest';
import { TypingModel } from '../../../../../src/renderer/views/messages/typing/typing-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

const deploy = { type: 'stream' as const, streamId: 1, topic: 'deploy' };

describe('the typing line', () => {
  test('a pushed typing board names who types in the open topic, and only there', () => {
    const core = new RecordingPort();
    const model = new TypingModel(core, 'acct');
    const stop = model.start();
    expect(model.textFor(deploy, 'deploy')).toBe('');
    core.push('messages.typing', {
      accountId: 'acct',
      typing: [{ to: { ...deploy, topic: 'Deploy' }, userIds: [5], names: ['Ada'] }],
    });
    expect(model.textFor(deploy, 'deploy')).toBe('Ada is typing…');
    expect(model.textFor({ ...deploy, topic: 'lunch' }, 'lunch')).toBe('');
    expect(model.textFor(undefined, '')).toBe('');
    stop();
    expect(core.following('messages.typing')).toBe(0);
  });

  test("another account's typing does not show here", () => {
    const core = new RecordingPort();
    const model = new TypingModel(core, 'acct');
    model.start();
    core.push('messages.typing', {
      accountId: 'other',
      typing: [{ to: deploy, userIds: [5], names: ['Ada'] }],
    });
    expect(model.textFor(deploy, 'deploy')).toBe('');
  });
});

describe("the user's typing", () => {
  test('is told to the Core; a lost notice is no error', async () => {
    const core = new RecordingPort().refuse('messages.typing', 'offline');
    const model = new TypingModel(core, 'acct');
    const failed = vi.fn();
    process.once('unhandledRejection', failed);
    model.report(deploy, true);
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', failed);
    expect(core.callsTo('messages.typing')).toEqual([
      { accountId: 'acct', to: deploy, active: true },
    ]);
    expect(failed).not.toHaveBeenCalled();
  });
});

/** Saving the user's own status without a DOM: what the menu says after Save or Clear. */
import { describe, expect, test } from 'vitest';
import { StatusModel } from '../../../../../src/renderer/views/people/status-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

const calendar = { name: 'calendar', code: '1f4c5', type: 'unicode_emoji' as const };

describe('the status menu', () => {
  test('Save sends the text, emoji and away, then says it is saved', async () => {
    const core = new RecordingPort().answer('status.set', {});
    const model = new StatusModel(core, 'acct');
    const saving = model.save(
      { text: 'In a meeting', emoji: calendar, away: true },
      'Status saved.',
    );
    expect(model.busy).toBe(true);
    await saving;
    expect(model.busy).toBe(false);
    expect(model.done).toBe('Status saved.');
    expect(model.error).toBeUndefined();
    expect(core.callsTo('status.set')).toEqual([
      {
        accountId: 'acct',
        statusText: 'In a meeting',
        emojiName: 'calendar',
        emojiCode: '1f4c5',
        reactionType: 'unicode_emoji',
        away: true,
      },
    ]);
  });

  test('Clear sends an empty emoji name, which clears it', async () => {
    const core = new RecordingPort().answer('status.set', {});
    const model = new StatusModel(core, 'acct');
    await model.save({ text: '', emoji: null, away: false }, 'Status cleared.');
    expect(model.done).toBe('Status cleared.');
    expect(core.callsTo('status.set')).toEqual([
      { accountId: 'acct', statusText: '', emojiName: '', away: false },
    ]);
  });

  test("a refused save shows the server's words, and opening again forgets them", async () => {
    const core = new RecordingPort().refuse('status.set', 'Status text too long');
    const model = new StatusModel(core, 'acct');
    await model.save({ text: 'x', emoji: null, away: false }, 'Status saved.');
    expect(model.error).toBe('Status text too long');
    expect(model.done).toBeUndefined();
    model.reset();
    expect(model.error).toBeUndefined();
  });
});

/**
 * Scheduled messages without a DOM: the list follows the Core's pushes, Schedule creates or
 * (while editing) changes one, and send now and cancel say what happened, against a
 * recording Core.
 */
import { describe, expect, test, vi } from 'vitest';
import { ScheduledModel } from '../../../../../src/renderer/views/messages/compose/scheduled-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

const shows = (check: () => void) => vi.waitFor(check, { timeout: 5000 });
const item = {
  id: 7,
  to: { type: 'stream' as const, streamId: 1, topic: 'plans' },
  where: '#general > plans',
  content: 'Standup moved',
  at: 2_000_000_000,
  failed: false,
};

describe('scheduled messages', () => {
  test('the list loads, and loads again when the Core says it changed', async () => {
    let listed = [item];
    const core = new RecordingPort().answer('scheduled.list', () => listed);
    const model = new ScheduledModel(core, 'acct');
    model.open();
    await shows(() => expect(model.items).toEqual([item]));
    listed = [];
    core.push('scheduled.changed', { accountId: 'acct' });
    await shows(() => expect(model.items).toEqual([]));
    model.close();
    expect(core.following('scheduled.changed')).toBe(0);
  });

  test('Schedule creates, or changes the one being edited', async () => {
    const core = new RecordingPort()
      .answer('scheduled.list', [])
      .answer('scheduled.create', { id: 8 })
      .answer('scheduled.update', {});
    const model = new ScheduledModel(core, 'acct');
    expect(await model.schedule(item.to, 'Hi', 2_000_000_100)).toBeUndefined();
    model.edit(item);
    expect(await model.schedule(item.to, 'Hi again', 2_000_000_200)).toBeUndefined();
    expect(core.callsTo('scheduled.create')).toEqual([
      { accountId: 'acct', to: item.to, content: 'Hi', at: 2_000_000_100 },
    ]);
    expect(core.callsTo('scheduled.update')).toEqual([
      { accountId: 'acct', id: 7, to: item.to, content: 'Hi again', at: 2_000_000_200 },
    ]);
    expect(model.editing).toBeUndefined();
  });

  test("a refused schedule says why in the server's words", async () => {
    const core = new RecordingPort().refuse(
      'scheduled.create',
      'Scheduled delivery time must be in the future.',
    );
    const model = new ScheduledModel(core, 'acct');
    expect(await model.schedule(item.to, 'Hi', 1)).toBe(
      'The message was not scheduled: Scheduled delivery time must be in the future.',
    );
  });

  test('send now says where it went; a failed cancel stays with its row', async () => {
    const core = new RecordingPort()
      .answer('scheduled.list', [item, { ...item, id: 9 }])
      .answer('scheduled.sendNow', {})
      .refuse('scheduled.cancel', 'Scheduled message does not exist');
    const model = new ScheduledModel(core, 'acct');
    await model.load();
    await model.sendNow(item);
    expect(model.notice).toBe('Sent to #general > plans.');
    expect(model.items.map((i) => i.id)).toEqual([9]);
    await model.cancel(model.items[0]!);
    expect(model.errors[9]).toBe('The message was not cancelled: Scheduled message does not exist');
    expect(model.items.map((i) => i.id)).toEqual([9]);
  });
});

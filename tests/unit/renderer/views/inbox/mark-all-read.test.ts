import { describe, expect, it } from 'vitest';
import { MarkAllReadModel } from '../../../../../src/renderer/views/inbox/mark-all-read.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

const acme = { id: 'a1', realmName: 'Acme', serverUrl: 'https://acme.example' };
const zed = { id: 'a2', realmName: 'Zed Co', serverUrl: 'https://zed.example' };

describe('MarkAllReadModel', () => {
  it('asks first, naming the organization, and marks nothing on cancel', () => {
    const port = new RecordingPort();
    const model = new MarkAllReadModel(port.invoke, () => [acme]);
    model.ask();
    expect(model.confirming).toBe(true);
    expect(model.title).toBe('Mark all messages in Acme as read?');
    expect(model.organization).toEqual({ name: 'Acme', url: 'https://acme.example' });
    model.cancel();
    expect(model.confirming).toBe(false);
    expect(port.calls).toEqual([]);
  });

  it('marks every organization read and says so', async () => {
    const port = new RecordingPort().answer('inbox.markAllRead', {});
    const model = new MarkAllReadModel(port.invoke, () => [acme, zed]);
    expect(model.title).toBe('Mark all messages in all 2 organizations as read?');
    model.ask();
    await model.confirm();
    expect(port.calls.map((c) => c.args)).toEqual([{ accountId: 'a1' }, { accountId: 'a2' }]);
    expect(model.result).toBe('All messages in every organization marked as read.');
    expect(model.failed).toBe(false);
  });

  it('names the organization that refused, and still marks the others', async () => {
    const port = new RecordingPort().answer('inbox.markAllRead', (args) =>
      args.accountId === 'a2' ? new Error('The server could not be reached.') : {},
    );
    const model = new MarkAllReadModel(port.invoke, () => [acme, zed]);
    await model.confirm();
    expect(model.failed).toBe(true);
    expect(model.result).toBe(
      'Marked read in 1 of 2; not marked as read in Zed Co: The server could not be reached.',
    );
  });
});

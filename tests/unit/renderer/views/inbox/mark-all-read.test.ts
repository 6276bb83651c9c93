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
    const port = new RecordingPort().answer('inbox.markAllRead', { queued: false });
    const model = new MarkAllReadModel(port.invoke, () => [acme, zed]);
    expect(model.title).toBe('Mark all messages in all 2 organizations as read?');
    expect(model.consequence).toContain('Every unread message of Acme and Zed Co becomes read');
    model.ask();
    await model.confirm();
    expect(port.calls.map((c) => c.args)).toEqual([{ accountId: 'a1' }, { accountId: 'a2' }]);
    expect(model.result).toBe('All messages in every organization marked as read.');
    expect(model.failed).toBe(false);
  });

  it('names the organization that refused, and still marks the others', async () => {
    const port = new RecordingPort().answer('inbox.markAllRead', (args) =>
      args.accountId === 'a2' ? new Error('The server could not be reached.') : { queued: false },
    );
    const model = new MarkAllReadModel(port.invoke, () => [acme, zed]);
    await model.confirm();
    expect(model.failed).toBe(true);
    expect(model.result).toBe(
      'Marked read in 1 of 2; not marked as read in Zed Co: The server could not be reached.',
    );
  });

  it('says an organization out of reach is marked read when it is back', async () => {
    const port = new RecordingPort().answer('inbox.markAllRead', (args) => ({
      queued: args.accountId === 'a2',
    }));
    const model = new MarkAllReadModel(port.invoke, () => [acme, zed]);
    await model.confirm();
    expect(model.failed).toBe(false);
    expect(model.result).toBe(
      'Marked as read where in reach. Zed Co is out of reach: marked read when back.',
    );
    const alone = new MarkAllReadModel(
      new RecordingPort().answer('inbox.markAllRead', { queued: true }).invoke,
      () => [zed],
    );
    await alone.confirm();
    expect(alone.result).toBe('Queued until Zed Co is back.');
  });
});

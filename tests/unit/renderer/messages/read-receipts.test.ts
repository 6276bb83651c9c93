import { describe, expect, it } from 'vitest';
import { ReadReceiptsModel } from '../../../../src/renderer/views/messages/actions/read-receipts.svelte.ts';

describe('ReadReceiptsModel', () => {
  it('loads the readers and says how many', async () => {
    const model = new ReadReceiptsModel(async () => [
      { userId: 1, name: 'You' },
      { userId: 7, name: 'Mel Member' },
    ]);
    const opening = model.open();
    expect(model.loading).toBe(true);
    await opening;
    expect(model.summary).toBe('This message has been read by 2 people:');
    expect(model.readers?.map((r) => r.name)).toEqual(['You', 'Mel Member']);
  });

  it('says when no one has read it, and keeps a failure to show', async () => {
    const none = new ReadReceiptsModel(async () => []);
    await none.open();
    expect(none.summary).toBe('No one has read this message yet.');
    const failing = new ReadReceiptsModel(async () => {
      throw new Error('Read receipts are disabled in this organization.');
    });
    await failing.open();
    expect(failing.loading).toBe(false);
    expect(String(failing.error)).toContain('disabled');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../../src/api/errors.ts';
import { ReadQueue } from '../../../../src/core/inbox/read-queue.ts';

const topic = { kind: 'topic' as const, streamId: 3, topic: 'lunch' };
const channel = { kind: 'channel' as const, streamId: 4 };

describe('mark-read requests queued while an organization is out of reach', () => {
  it('sends them in order once back, and forgets the ones the server took', async () => {
    const q = new ReadQueue();
    q.add(topic, '#design > lunch', 40);
    q.add(channel, '#random', undefined);
    const sent: unknown[] = [];
    await q.flush(
      async (target, upTo) => void sent.push([target, upTo]),
      () => {},
    );
    expect(sent).toEqual([
      [topic, 40],
      [channel, undefined],
    ]);
    expect(q.list()).toEqual([]);
  });

  it('keeps a request queued when the network fails again, and the later ones behind it', async () => {
    const q = new ReadQueue();
    q.add(topic, 'a', 1);
    q.add(channel, 'b', 2);
    let calls = 0;
    await q.flush(
      async () => {
        calls++;
        throw new NetworkError('POST /messages/flags/narrow', 'refused', 'connect ECONNREFUSED');
      },
      () => {},
    );
    expect(calls).toBe(1);
    expect(q.list().map((p) => p.state)).toEqual(['queued', 'queued']);
  });

  it('says a refused request failed, with the server code and message, until dismissed', async () => {
    const q = new ReadQueue();
    q.add(topic, '#design > lunch', 1);
    await q.flush(
      async () => {
        throw new ApiError('POST /messages/flags/narrow', 400, {
          result: 'error',
          code: 'BAD_REQUEST',
          msg: 'Invalid channel ID',
        });
      },
      () => {},
    );
    const [failed] = q.list();
    expect(failed).toMatchObject({
      state: 'failed',
      error: { code: 'BAD_REQUEST', message: 'Invalid channel ID' },
    });
    expect(q.dismiss(failed!.id)).toBe(true);
    expect(q.list()).toEqual([]);
  });
});

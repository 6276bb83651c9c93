/**
 * The writes an account's rows show as waiting (src/renderer/views/messages/queued-writes.svelte.ts):
 * the queue as the Core last pushed it, even when the answer to the first read of it reaches
 * the window after a change (the answer and the pushes come by separate paths).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PerchBridge } from '../../../../src/contract/bridge-types.ts';
import type { RpcResponse } from '../../../../src/contract/errors.ts';
import type { QueuedWrite } from '../../../../src/contract/schemas/offline-writes.ts';
import type { QueuedWritesView as View } from '../../../../src/renderer/views/messages/queued-writes.svelte.ts';

/** The window's bridge as Electron's preload gives it: calls answered when the test says. */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const answers: ((response: RpcResponse) => void)[] = [];
const bridge: PerchBridge = {
  invoke: () => new Promise<RpcResponse>((answer) => answers.push(answer)),
  on(topic, listener) {
    const set = listeners.get(topic) ?? new Set();
    listeners.set(topic, set);
    set.add(listener);
    return () => set.delete(listener);
  },
};
const push = (topic: string, payload: unknown) => listeners.get(topic)?.forEach((l) => l(payload));

let QueuedWritesView: typeof View;
beforeAll(async () => {
  (globalThis as { window?: unknown }).window = { perch: bridge };
  ({ QueuedWritesView } =
    await import('../../../../src/renderer/views/messages/queued-writes.svelte.ts'));
});

const star: QueuedWrite = { kind: 'star', args: { messageId: 5, starred: true } };

describe('the writes shown as waiting', () => {
  it('stay as the last change pushed when the first read of the queue answers after it', async () => {
    const view = new QueuedWritesView('a-1');
    const stop = view.start();
    expect(answers).toHaveLength(1);
    // The star was made and went while the first read was on its way: the queue is empty.
    push('messages.queuedWrites', { accountId: 'a-1', writes: [star] });
    push('messages.queuedWrites', { accountId: 'a-1', writes: [] });
    // The read's answer, made before the star went, arrives last.
    answers[0]!({ ok: true, result: [star] });
    // A turn of the event loop: every continuation of the answer has run by then.
    await new Promise((turn) => setImmediate(turn));
    expect(view.writes).toEqual([]);
    expect(view.on(5)).toBeUndefined();
    stop();
  });

  it("take the read's answer while no change has come", async () => {
    const view = new QueuedWritesView('a-2');
    const stop = view.start();
    answers.at(-1)!({ ok: true, result: [star] });
    await expect.poll(() => view.writes).toEqual([star]);
    expect(view.on(5)?.star).toBe(true);
    stop();
  });
});

/**
 * The pending-actions keeper: an action whose answer was lost is settled by reading it back;
 * one that cannot be read back waits for the account's event queue to be answered again,
 * with no timer at all, and is then settled and published once.
 */
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../../../src/api/errors.ts';
import type { Payload } from '../../../../src/contract/contract.ts';
import { OfflineWrites } from '../../../../src/core/messages/offline-writes.ts';
import {
  PendingActions,
  type PendingAction,
} from '../../../../src/core/messages/pending-actions.ts';
import { Unreached } from '../../../../src/core/messages/reconcile.ts';

const lost = () => new NetworkError('POST /messages/flags', 'reset', 'socket hang up');

/** A star whose answer is lost, read back by `holds` (counted in `asked`). */
function star(accountId: string, holds: () => Promise<boolean>) {
  const asked = { n: 0 };
  const action: PendingAction = {
    accountId,
    messageId: 7,
    what: 'Your star',
    notHeld: 'it is not starred',
    write: () => Promise.reject(lost()),
    holds: () => {
      asked.n++;
      return holds();
    },
    describe: () => Promise.resolve("Alice's message in #general › deploy"),
  };
  return { action, asked };
}

function keeper() {
  const settled: Payload<'actions.settled'>[] = [];
  return { settled, pending: new PendingActions((s) => settled.push(s)) };
}

describe('PendingActions', () => {
  it('tells the caller and publishes, marked as told, what the read-back found', async () => {
    const { settled, pending } = keeper();
    await expect(pending.run(star('a1', async () => false).action)).rejects.toThrow(
      'The connection broke off before the server took the change. Try again.',
    );
    await expect.poll(() => settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ applied: false, told: true, messageId: 7 });
    expect(settled[0]?.sentence).toBe(
      "Your star on Alice's message in #general › deploy could not be confirmed; it is not starred.",
    );
  });

  it('asks again only when the account’s queue is answered, once at a time, then settles', async () => {
    const { settled, pending } = keeper();
    let reachable = false;
    let answer: (held: boolean) => void = () => {};
    const { action, asked } = star('a1', () =>
      reachable ? new Promise<boolean>((r) => (answer = r)) : Promise.reject(lost()),
    );
    await expect(pending.run(action)).rejects.toThrow('could not check');
    expect(asked.n).toBe(1);
    expect(pending.unknown('a1')).toBe(1);

    // Another account's server answering says nothing of this one's.
    pending.serverAnswers('a2');
    expect(asked.n).toBe(1);
    // Still out of reach at the next answer: kept for the one after.
    pending.serverAnswers('a1');
    await expect.poll(() => pending.unknown('a1') === 1 && asked.n === 2).toBe(true);

    reachable = true;
    pending.serverAnswers('a1');
    // Answers while the question is out do not ask it twice.
    pending.serverAnswers('a1');
    expect(asked.n).toBe(3);
    answer(true);
    await expect.poll(() => settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ applied: true, told: false });
    expect(settled[0]?.sentence).toBe(
      "Your star on Alice's message in #general › deploy was made after all.",
    );
    expect(pending.unknown('a1')).toBe(0);
    pending.serverAnswers('a1');
    expect(asked.n).toBe(3);
  });

  it('publishes nothing once closed', async () => {
    const { settled, pending } = keeper();
    const { action } = star('a1', () => Promise.reject(lost()));
    await expect(pending.run(action)).rejects.toThrow();
    pending.close();
    pending.serverAnswers('a1');
    expect(pending.unknown('a1')).toBe(0);
    expect(settled).toEqual([]);
  });

  it('a write made again after an outage is told to nobody but the keeper', async () => {
    const { settled, pending } = keeper();
    const writes = new OfflineWrites();
    let reachable = true;
    const { action } = star('a1', async () => false);
    writes.handle('star', (_account, _args, told) =>
      reachable ? pending.run(action, { told }) : Promise.reject(new Unreached(lost())),
    );
    const write = { kind: 'star', args: { messageId: 7, starred: true } } as const;
    // The view's own call: it hears the failure, so the outcome says it was told.
    await expect(writes.run('a1', write)).rejects.toThrow();
    expect(settled.map((s) => s.told)).toEqual([true]);

    // Out of reach: the star waits and the view's call is answered at once.
    reachable = false;
    await writes.run('a1', write);
    expect(writes.waiting('a1')).toBe(1);
    // Made again when the server answers (offline-writes.ts): nobody but the keeper hears it.
    reachable = true;
    await writes.flush('a1');
    await expect.poll(() => settled).toHaveLength(2);
    expect(settled.map((s) => s.told)).toEqual([true, false]);
  });
});

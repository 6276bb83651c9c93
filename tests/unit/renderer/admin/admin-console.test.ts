/**
 * What a panel's list does when the Core says an admin list changed on the server (another
 * administrator's action, or this user's in another session): it reloads once, for its own
 * account and its own kinds, and a burst of changes costs one reload after the one running.
 */
import { describe, expect, test, vi } from 'vitest';
import { ACCOUNT, RecordingAdminCore } from './recording-admin-core.ts';

describe('AdminConsole.onChange', () => {
  test('a change of a kind the panel shows reloads it; others do not', () => {
    const core = new RecordingAdminCore();
    const reload = vi.fn();
    const stop = core.console().onChange(['people', 'bots'], reload);

    core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['linkifiers'] });
    core.push('adminEdit.changed', { accountId: 'another-account', kinds: ['people'] });
    expect(reload).not.toHaveBeenCalled();

    core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['groups', 'bots'] });
    expect(reload).toHaveBeenCalledTimes(1);

    stop();
    core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['people'] });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('a burst while a reload runs costs one more reload, after it', async () => {
    const core = new RecordingAdminCore();
    let finish: () => void = () => {};
    let running = 0;
    let most = 0;
    const reload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          running++;
          most = Math.max(most, running);
          finish = () => {
            running--;
            resolve();
          };
        }),
    );
    core.console().onChange('groups', reload);

    for (let i = 0; i < 5; i++) {
      core.push('adminEdit.changed', { accountId: ACCOUNT, kinds: ['groups'] });
    }
    expect(reload).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
    finish();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
  });
});

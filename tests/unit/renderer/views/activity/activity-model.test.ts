/**
 * The Activity page without a DOM: what opening it, the Core's pushes and its buttons show,
 * against a recording Core.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Result } from '../../../../../src/contract/contract.ts';
import { ActivityModel } from '../../../../../src/renderer/views/activity/activity-model.svelte.ts';
import { RecordingPort } from '../../support/recording-port.ts';

type Entry = Result<'sync.decisions'>[number];

const shows = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

function status(accountId: string, state: 'polling' | 'backoff' = 'polling') {
  return { accountId, health: { state, lastEventId: 1, reconnects: 0, failures: 0 } };
}

function entry(messageId: number): Entry {
  return {
    messageId,
    senderId: 5,
    senderName: 'Ada',
    conversation: '#general > deploy',
    desktop: true,
    sound: false,
    reason: 'a mention',
    rules: { desktop: 'A1', sound: 'B1' },
    silencedByDnd: false,
    missed: false,
    at: 0,
  };
}

function core() {
  return new RecordingPort()
    .answer('sync.status', [status('a'), status('b')])
    .answer('dnd.get', { active: false, until: null })
    .answer('sync.decisions', ({ accountId }) => (accountId === 'a' ? [entry(1)] : [entry(2)]));
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('opening', () => {
  test("shows every account's connection, Do Not Disturb and the first account's log", async () => {
    const model = new ActivityModel(core());
    stop = model.start();
    await shows(() => expect(model.entries.map((e) => e.messageId)).toEqual([1]));
    expect(model.statuses.map((s) => s.accountId)).toEqual(['a', 'b']);
    expect(model.dnd).toEqual({ active: false, until: null });
    expect(model.selected).toBe('a');
    expect(model.error).toBeUndefined();
  });

  test("a refused load shows the Core's own sentence and no log", async () => {
    const model = new ActivityModel(core().refuse('sync.status', 'The core is restarting'));
    stop = model.start();
    await shows(() => expect(model.error).toBeDefined());
    expect(model.error?.sentence).toBe('The core is restarting');
    expect(model.selected).toBeUndefined();
  });
});

describe('pushes', () => {
  test("a decision for the selected account joins its log; another account's does not", async () => {
    const port = core();
    const model = new ActivityModel(port);
    stop = model.start();
    await shows(() => expect(model.entries).toHaveLength(1));
    port.push('sync.decisions', { accountId: 'a', entries: [entry(3)] });
    port.push('sync.decisions', { accountId: 'b', entries: [entry(4)] });
    expect(model.entries.map((e) => e.messageId)).toEqual([1, 3]);
  });

  test('a pushed connection change and Do Not Disturb show at once', async () => {
    const port = core();
    const model = new ActivityModel(port);
    stop = model.start();
    await shows(() => expect(model.statuses).toHaveLength(2));
    port.push('sync.status', [status('a', 'backoff')]);
    port.push('dnd.changed', { active: true, until: null });
    expect(model.statuses[0]?.health.state).toBe('backoff');
    expect(model.dnd?.active).toBe(true);
  });

  test('leaving the page stops following', async () => {
    const port = core();
    const model = new ActivityModel(port);
    model.start()();
    expect(port.following('sync.status')).toBe(0);
    expect(port.following('sync.decisions')).toBe(0);
  });
});

describe('buttons', () => {
  test("selecting another account shows its log, never the last one's under its name", async () => {
    const port = core();
    const model = new ActivityModel(port);
    stop = model.start();
    await shows(() => expect(model.entries).toHaveLength(1));
    port.refuse('sync.decisions', 'No log kept');
    await model.select('b');
    expect(model.selected).toBe('b');
    expect(model.entries).toEqual([]);
    expect(model.error?.sentence).toBe('No log kept');
  });

  test('Do Not Disturb set shows the new state; a refusal reaches the card', async () => {
    const port = core().answer('dnd.set', { active: true, until: 3_600_000 });
    const model = new ActivityModel(port);
    await model.setDnd('hour');
    expect(model.dnd).toEqual({ active: true, until: 3_600_000 });
    expect(port.callsTo('dnd.set')).toEqual([{ choice: 'hour' }]);
    port.refuse('dnd.set', 'Settings are read-only');
    await expect(model.setDnd('off')).rejects.toThrow('Settings are read-only');
  });

  test("a failing account's connection check gives the report, or rejects with the Core's words", async () => {
    const report = { server: 'https://a.example', at: 0, steps: [], text: 'tcp: failed' };
    const port = core().answer('doctor.run', report);
    const model = new ActivityModel(port);
    expect((await model.runDoctor({ accountId: 'a' })).text).toBe('tcp: failed');
    port.refuse('doctor.run', 'No such account');
    await expect(model.runDoctor({ accountId: 'x' })).rejects.toThrow('No such account');
  });

  test('Reconnect now clears an old error, or says why it failed', async () => {
    const port = core().refuse('sync.reconnect', 'No network');
    const model = new ActivityModel(port);
    await model.reconnect();
    expect(model.error?.sentence).toBe('No network');
    port.answer('sync.reconnect', {});
    await model.reconnect();
    expect(model.error).toBeUndefined();
  });
});

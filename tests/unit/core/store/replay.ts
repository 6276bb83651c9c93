/**
 * The recorded session of tests/fixtures/recorded/store-sequence.json (made by
 * scripts/record-store-sequence.ts against the reference server), and an account store
 * over recording adapters and keepers to replay it into.
 */
import { readFileSync } from 'node:fs';
import type { ServerEvent } from '../../../../src/api/schemas/event.ts';
import type { RegisterResponse } from '../../../../src/api/schemas/register.ts';
import { ManualClock } from '../../../../src/lib/clock.ts';
import type { DecisionEntry } from '../../../../src/core/notify/decisions-log.ts';
import { DoNotDisturb } from '../../../../src/core/notify/dnd.ts';
import { AccountNotifications } from '../../../../src/core/notify/account-notifications.ts';
import { RecordingNotifier, RecordingSoundPlayer } from '../../../../src/core/notify/recorders.ts';
import {
  AccountStore,
  NO_PARTS,
  type MissedMessage,
  type StoreParts,
} from '../../../../src/core/store/account-store.ts';

export interface Recorded {
  first: RegisterResponse;
  batch1: ServerEvent[];
  second: RegisterResponse;
  missed: MissedMessage[];
  batch2: ServerEvent[];
  general: number;
  melId: number;
}

/** A fresh copy each time: a test may change what it replays. */
export function recorded(): Recorded {
  const file = new URL('../../../fixtures/recorded/store-sequence.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Recorded;
}

/** Every keeper call the store makes, as "part.method", in order; `fail` names calls that throw. */
function recordingParts(calls: string[], fail: ReadonlySet<string>): StoreParts {
  const wrap = <T extends object>(name: string, part: T): T =>
    new Proxy(part, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function')
          return value ? wrap(`${name}.${String(key)}`, value) : value;
        return (...args: unknown[]) => {
          const call = `${name}.${String(key)}`;
          calls.push(call);
          if (fail.has(call)) throw new Error(`${call} failed`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return Object.fromEntries(
    Object.entries(NO_PARTS).map(([name, part]) => [name, wrap(name, part as object)]),
  ) as unknown as StoreParts;
}

/** `snapshots: false`: an account no cache on disk keeps (a demo account, keys in memory). */
export function storeUnderTest(options: { fail?: string[]; snapshots?: boolean } = {}) {
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
  const notifier = new RecordingNotifier();
  const sound = new RecordingSoundPlayer();
  const decisions: DecisionEntry[] = [];
  const calls: string[] = [];
  let badgeChanges = 0;
  const notifications = new AccountNotifications({
    accountId: 'mel',
    clock,
    notifier,
    sound,
    dnd: new DoNotDisturb(clock),
    onDecisions: (entries) => decisions.push(...entries),
  });
  const store = new AccountStore(
    'mel',
    recordingParts(calls, new Set(options.fail)),
    notifications,
    { badgeChanged: () => void badgeChanges++ },
    { snapshots: options.snapshots ?? true },
  );
  return { store, notifier, sound, decisions, calls, badgeChanges: () => badgeChanges };
}

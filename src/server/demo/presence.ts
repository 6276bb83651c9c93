/**
 * Who is online in the demo organization: a fixed share of its people active, idle and
 * offline, a few with a status (one "away", i.e. not sharing presence), all drawn from the
 * people's order so that the same seed gives the same picture. In live mode the active and
 * idle ones keep reporting every ping interval and, now and then, someone comes or goes
 * and a status changes, on the server's clock.
 */
import type { ServerContext } from '../context.ts';
import { nowSeconds } from '../context.ts';
import { resolveEmoji } from '../messages/emoji.ts';
import { applyStatusChange, statusesOf } from '../presence/status.ts';
import {
  PING_INTERVAL_SECONDS,
  presenceEvent,
  presenceOf,
  recordPresence,
} from '../presence/store.ts';
import { ROLE, type UserRecord } from '../state/types.ts';
import { Random } from './random.ts';

export type DemoPresence = 'active' | 'idle' | 'offline';

/** Statuses the demo people set: text and an emoji name from the catalog. */
export const DEMO_STATUSES: readonly { text: string; emoji: string }[] = [
  { text: 'In a meeting', emoji: 'calendar' },
  { text: 'Working from home', emoji: 'house' },
  { text: 'On vacation until Monday', emoji: 'palm_tree' },
  { text: 'Commuting', emoji: 'car' },
  { text: 'Focusing, replies later', emoji: 'headphones' },
];

/** Everyone but the owner (who is the person using the demo) and bots, in id order. */
function others(ctx: ServerContext): UserRecord[] {
  return ctx.state
    .activeUsers()
    .filter((u) => !u.is_bot && u.role !== ROLE.owner)
    .sort((a, b) => a.user_id - b.user_id);
}

/** The state person `i` of `n` starts in: about a third active, a quarter idle, the rest offline. */
export function initialPresence(i: number, n: number): DemoPresence {
  if (i < Math.ceil(n / 3)) return 'active';
  if (i < Math.ceil(n / 3) + Math.ceil(n / 4)) return 'idle';
  return 'offline';
}

function report(ctx: ServerContext, user: UserRecord, state: DemoPresence, now: number): void {
  if (state === 'offline' || user.settings.presence_enabled === false) return;
  const { record, cameBack } = recordPresence(ctx.state, user.user_id, state, now);
  if (cameBack) ctx.events.emit(ctx.state.activeUserIds(), presenceEvent(user, record, now));
}

function setStatus(ctx: ServerContext, user: UserRecord, choice: { text: string; emoji: string }) {
  const check = resolveEmoji(ctx.state, { name: choice.emoji, code: undefined, type: undefined });
  applyStatusChange(ctx, user, {
    status_text: choice.text,
    ...('ok' in check ? { emoji: check.ok } : {}),
  });
}

/** Seeds presence and statuses; returns each person's starting state. */
export function seedDemoPresence(ctx: ServerContext): Map<number, DemoPresence> {
  const people = others(ctx);
  const now = nowSeconds(ctx);
  const states = new Map<number, DemoPresence>();
  const store = presenceOf(ctx.state);
  people.forEach((user, i) => {
    const state = initialPresence(i, people.length);
    states.set(user.user_id, state);
    if (state === 'active') recordPresence(ctx.state, user.user_id, 'active', now);
    else if (state === 'idle') {
      // Active twenty minutes ago, still connected.
      recordPresence(ctx.state, user.user_id, 'active', now - 1200);
      recordPresence(ctx.state, user.user_id, 'idle', now);
    } else if (i % 2 === 0) {
      // Seen some hours or days ago; the others never came.
      const ago = 3600 * (1 + (i % 30));
      store.byUser.set(user.user_id, {
        active: now - ago,
        connected: now - ago,
        updateId: ++store.lastUpdateId,
      });
    }
  });
  // A status for every fourth person, from both the online and the offline ones.
  people.forEach((user, i) => {
    const choice = DEMO_STATUSES[Math.floor(i / 4) % DEMO_STATUSES.length];
    if (i % 4 === 1 && choice) setStatus(ctx, user, choice);
  });
  // One person is "away": they share no presence, and show offline with the away flag.
  const away = people[2];
  if (away) {
    away.settings.presence_enabled = false;
    states.set(away.user_id, 'offline');
    store.byUser.delete(away.user_id);
  }
  return states;
}

export interface DemoPresenceLive {
  /** Seconds between two rounds of reports (the server's ping interval). */
  intervalSeconds?: number;
  seed?: number;
}

/**
 * Keeps the demo's people reporting on the server's clock: the active and idle ones every
 * interval; every third round someone changes state (offline → active → idle → offline),
 * and every fifth someone's status changes. Returns the function that stops it.
 */
export function startDemoPresence(
  ctx: ServerContext,
  states: Map<number, DemoPresence>,
  options: DemoPresenceLive = {},
): () => void {
  const rng = new Random(options.seed ?? 23);
  const interval = (options.intervalSeconds ?? PING_INTERVAL_SECONDS) * 1000;
  const next: Record<DemoPresence, DemoPresence> = {
    offline: 'active',
    active: 'idle',
    idle: 'offline',
  };
  let round = 0;
  const tick = (): void => {
    round++;
    const people = others(ctx).filter((u) => u.settings.presence_enabled !== false);
    if (round % 3 === 0 && people.length > 0) {
      const who = rng.pick(people);
      states.set(who.user_id, next[states.get(who.user_id) ?? 'offline']);
    }
    if (round % 5 === 0 && people.length > 0) {
      const who = rng.pick(people);
      if (statusesOf(ctx.state).has(who.user_id))
        applyStatusChange(ctx, who, {
          status_text: '',
          emoji: { emoji_name: '', emoji_code: '', reaction_type: '' },
        });
      else setStatus(ctx, who, rng.pick(DEMO_STATUSES));
    }
    const now = nowSeconds(ctx);
    for (const user of people) report(ctx, user, states.get(user.user_id) ?? 'offline', now);
    timer = ctx.clock.setTimeout(tick, interval);
  };
  let timer = ctx.clock.setTimeout(tick, interval);
  return () => ctx.clock.clearTimeout(timer);
}

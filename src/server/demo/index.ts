/**
 * The demo organization: its people, channels and history are a deterministic function of
 * its seed and sizes; its secrets are not. `startServer` calls `populateDemo` instead of
 * the small fixed organization when asked for a demo, and `startLive` for `--live`.
 */
import { randomInt } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { messaging } from '../messages/service.ts';
import { generateHistory } from './history.ts';
import { buildOrganization } from './organization.ts';
import { seedDemoPresence, type DemoPresence } from './presence.ts';
import { Random } from './random.ts';

export { startLive } from './live.ts';
export { startDemoPresence } from './presence.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface DemoSizes {
  seed: number;
  /** Human users; bots of every type come on top. */
  users: number;
  channels: number;
  messages: number;
}

export const DEFAULT_DEMO_SIZES: DemoSizes = { seed: 1, users: 30, channels: 12, messages: 3000 };

/** Returns each person's starting presence, which `startDemoPresence` carries on in live mode. */
export function populateDemo(
  ctx: ServerContext,
  sizes: Partial<DemoSizes> = {},
): Map<number, DemoPresence> {
  const s = { ...DEFAULT_DEMO_SIZES, ...sizes };
  const rng = new Random(s.seed);
  const now = Math.floor(ctx.clock.now() / 1000);
  const org = buildOrganization(ctx.state, rng, s, now);
  generateHistory(ctx, messaging(ctx), org, rng, s.messages, now);
  rekey(ctx);
  return seedDemoPresence(ctx);
}

/**
 * Keys, passwords and bot tokens drawn from the seed would be the same on every machine:
 * any local process could sign in to a user's demo as its owner. They are drawn afresh.
 */
function rekey(ctx: ServerContext): void {
  for (const user of ctx.state.users.values()) {
    user.api_key = secret(32);
    if (user.password) user.password = secret(16);
    if (user.webhook) user.webhook.token = secret(32);
  }
}

/** Shaped like the keys servers of this kind issue: letters and digits. */
function secret(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

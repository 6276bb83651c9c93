/**
 * The demo organization: a deterministic function of its seed and sizes. `startServer`
 * calls `populateDemo` instead of the small fixed organization when asked for a demo, and
 * `startLive` for `--live`.
 */
import type { ServerContext } from '../context.ts';
import { messaging } from '../messages/service.ts';
import { generateHistory } from './history.ts';
import { buildOrganization } from './organization.ts';
import { Random } from './random.ts';

export { startLive } from './live.ts';

export interface DemoSizes {
  seed: number;
  /** Human users; bots of every type come on top. */
  users: number;
  channels: number;
  messages: number;
}

export const DEFAULT_DEMO_SIZES: DemoSizes = { seed: 1, users: 30, channels: 12, messages: 3000 };

export function populateDemo(ctx: ServerContext, sizes: Partial<DemoSizes> = {}): void {
  const s = { ...DEFAULT_DEMO_SIZES, ...sizes };
  const rng = new Random(s.seed);
  const now = Math.floor(ctx.clock.now() / 1000);
  const org = buildOrganization(ctx.state, rng, s, now);
  generateHistory(ctx, messaging(ctx), org, rng, s.messages, now);
}

/**
 * The demo organization's presence and statuses: people in each state, a few statuses and one
 * "away"; with `live`, reports and changes on the server's clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { presenceState } from '../../../src/core/presence/presence-state.ts';
import { DEFAULT_PRESENCE_SETTINGS } from '../../../src/core/presence/presence-state.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { startServer, type ServerUser, type StartedServer } from '../../../src/server/index.ts';
import { ROLE } from '../../../src/server/state/types.ts';
import { ok } from './messaging-client.ts';

let server: StartedServer;
let clock: ManualClock;
afterEach(async () => {
  await server.close();
});

async function demo(live: boolean) {
  clock = new ManualClock();
  server = await startServer({
    rateLimit: false,
    clock,
    demo: { seed: 3, users: 16, channels: 4, messages: 40 },
    live,
  });
  return server.users.find((u) => u.role === ROLE.owner)!;
}

async function registerAs(owner: ServerUser) {
  return ok(server, owner, 'POST', '/register', {
    fetch_event_types: ['presence', 'user_status'],
    event_types: ['presence', 'user_status'],
    slim_presence: true,
    client_capabilities: { simplified_presence_events: true },
  });
}

function states(presences: unknown): string[] {
  return Object.values(
    presences as Record<string, { active_timestamp: number; idle_timestamp: number }>,
  ).map((p) => presenceState(p, clock.now(), DEFAULT_PRESENCE_SETTINGS));
}

describe('demo organization presence', () => {
  it('has people active, idle and offline, a few statuses with emoji and text, and one away', async () => {
    const owner = await demo(false);
    const reg = await registerAs(owner);
    const seen = states(reg.presences);
    expect(seen).toContain('active');
    expect(seen).toContain('idle');
    expect(seen).toContain('offline');
    const statuses = Object.values(reg.user_status as Record<string, Record<string, unknown>>);
    expect(statuses.filter((s) => s.status_text && s.emoji_name).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s.away === true)).toHaveLength(1);
  });

  it('is the same picture for the same seed', async () => {
    const first = await registerAs(await demo(false));
    await server.close();
    const second = await registerAs(await demo(false));
    expect(second.presences).toEqual(first.presences);
    expect(second.user_status).toEqual(first.user_status);
  });

  it('with live, keeps the online people online and changes presence and a status over time', async () => {
    const owner = await demo(true);
    const reg = await registerAs(owner);
    const activeAtStart = states(reg.presences).filter((s) => s === 'active').length;
    // Past the offline threshold: only the live reports keep anyone online.
    await clock.advance(5 * 60_000);
    const now = await ok(server, owner, 'POST', '/users/me/presence', {
      status: 'idle',
      last_update_id: -1,
    });
    const online = states(now.presences).filter((s) => s !== 'offline').length;
    expect(online).toBeGreaterThanOrEqual(activeAtStart);
    const events = (
      await ok(server, owner, 'GET', '/events', { queue_id: reg.queue_id, dont_block: true })
    ).events as { type: string }[];
    expect(events.some((e) => e.type === 'user_status')).toBe(true);
    expect(events.some((e) => e.type === 'presence')).toBe(true);
  });
});

/** PresenceReporter on a manual clock: what it reports, when, and when it stays silent. */
import { describe, expect, it } from 'vitest';
import type { UpdatePresenceParams } from '../../../../src/api/routes/presence.ts';
import { flushMicrotasks, ManualClock } from '../../../../src/lib/clock.ts';
import {
  DEFAULT_PRESENCE_SETTINGS,
  type PresenceSettings,
} from '../../../../src/core/presence/presence-state.ts';
import { PresenceReporter, type PresenceSource } from '../../../../src/core/presence/reporter.ts';

function setup(settings: Partial<PresenceSettings> = {}) {
  const clock = new ManualClock();
  const sent: UpdatePresenceParams[] = [];
  const merged: { presences: Record<string, unknown> | undefined; id: number | undefined }[] = [];
  let fetchedAll = 0;
  let updates = 0;
  const state: PresenceSource & { settings: Record<string, unknown> } = {
    presenceSettings: { ...DEFAULT_PRESENCE_SETTINGS, ...settings },
    presenceLastUpdateId: 5,
    settings: { presence_enabled: true },
    mergePresences: (presences, id) => merged.push({ presences, id }),
  };
  const reporter = new PresenceReporter({
    clock,
    state: () => state,
    report: async (params) => {
      sent.push(params);
      return {
        presences: { '9': { active_timestamp: 1, idle_timestamp: 1 } },
        presence_last_update_id: 6,
      };
    },
    fetchAll: async () => {
      fetchedAll++;
      return { 'ann@x.test': { aggregated: { status: 'idle', timestamp: 1 } } };
    },
    onPresences: () => updates++,
  });
  return {
    clock,
    sent,
    merged,
    state,
    reporter,
    fetchedAll: () => fetchedAll,
    updates: () => updates,
  };
}

/** A reporter whose window is active and whose first report has gone out. */
async function reportedActive() {
  const t = setup();
  t.reporter.setWindow('active');
  t.reporter.start();
  await flushMicrotasks();
  return t;
}

describe('PresenceReporter', () => {
  it('reports at once, then every ping interval: active while the window is active, idle otherwise', async () => {
    const t = setup();
    t.reporter.setWindow('active');
    t.reporter.start();
    await flushMicrotasks();
    expect(t.sent).toEqual([
      { status: 'active', new_user_input: true, last_update_id: 5, slim_presence: true },
    ]);
    await t.clock.advance(59_000);
    expect(t.sent).toHaveLength(1);
    await t.clock.advance(1_000);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]).toMatchObject({ status: 'active', new_user_input: false });
    t.reporter.setWindow('idle');
    await t.clock.advance(60_000);
    expect(t.sent[2]).toMatchObject({ status: 'idle' });
  });

  it('takes in the answer with its last update id and says the presence changed', async () => {
    const t = setup();
    t.reporter.setWindow('idle');
    t.reporter.start();
    await flushMicrotasks();
    expect(t.merged).toEqual([
      { presences: { '9': { active_timestamp: 1, idle_timestamp: 1 } }, id: 6 },
    ]);
    expect(t.updates()).toBe(1);
  });

  it('reports at once when the window becomes active, without waiting for the interval', async () => {
    const t = setup();
    t.reporter.setWindow('idle');
    t.reporter.start();
    await t.clock.advance(10_000);
    t.reporter.setWindow('active');
    await flushMicrotasks();
    expect(t.sent.map((p) => p.status)).toEqual(['idle', 'active']);
    // The interval starts again from that report.
    await t.clock.advance(59_000);
    expect(t.sent).toHaveLength(2);
    await t.clock.advance(1_000);
    expect(t.sent).toHaveLength(3);
  });

  it("uses the server's ping interval", async () => {
    const t = setup({ pingIntervalSeconds: 20 });
    t.reporter.setWindow('idle');
    t.reporter.start();
    await t.clock.advance(40_000);
    expect(t.sent).toHaveLength(3);
  });

  it('reports nothing while presence_enabled is off, and reads the others with GET /realm/presence', async () => {
    const t = setup();
    t.state.settings.presence_enabled = false;
    t.reporter.setWindow('active');
    t.reporter.start();
    await t.clock.advance(120_000);
    expect(t.sent).toEqual([]);
    expect(t.fetchedAll()).toBe(3);
    expect(t.updates()).toBe(3);
    t.state.settings.presence_enabled = true;
    await t.clock.advance(60_000);
    expect(t.sent).toHaveLength(1);
  });

  it('reports nothing when the organization disables presence', async () => {
    const t = setup({ presenceDisabled: true });
    t.reporter.setWindow('active');
    t.reporter.start();
    await t.clock.advance(120_000);
    expect(t.sent).toEqual([]);
    expect(t.fetchedAll()).toBe(0);
  });

  it('reports nothing while no window is open, and again at once when one opens', async () => {
    const t = setup();
    t.reporter.start();
    await t.clock.advance(120_000);
    expect(t.sent).toEqual([]);
    t.reporter.setWindow('idle');
    await flushMicrotasks();
    expect(t.sent.map((p) => p.status)).toEqual(['idle']);
    t.reporter.setWindow('closed');
    await t.clock.advance(600_000);
    expect(t.sent).toHaveLength(1);
    expect(t.clock.pendingCount).toBe(0);
  });

  it('says idle at once when the window closes after an active report, then nothing', async () => {
    const t = await reportedActive();
    t.reporter.setWindow('closed');
    await flushMicrotasks();
    expect(t.sent.map((p) => [p.status, p.new_user_input])).toEqual([
      ['active', true],
      ['idle', false],
    ]);
    await t.clock.advance(600_000);
    expect(t.sent).toHaveLength(2);
    expect(t.clock.pendingCount).toBe(0);
  });

  it('says nothing more on closing when the user shares no presence', async () => {
    const t = await reportedActive();
    t.state.settings.presence_enabled = false;
    t.reporter.setWindow('closed');
    await t.clock.advance(600_000);
    expect(t.sent.map((p) => p.status)).toEqual(['active']);
  });

  it('stops for good when the account is removed', async () => {
    const t = setup();
    t.reporter.setWindow('idle');
    t.reporter.start();
    await flushMicrotasks();
    t.reporter.stop();
    t.reporter.setWindow('active');
    t.reporter.start();
    await t.clock.advance(600_000);
    expect(t.sent).toHaveLength(1);
    expect(t.clock.pendingCount).toBe(0);
  });
});
